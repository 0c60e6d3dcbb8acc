import { useEffect } from 'react';

/**
 * Keeps the page behind an open modal (dialog, drawer) from scrolling, with a rule of our own
 * stylesheet (index.css, html[data-scroll-locked]). Radix's overlay does this with
 * react-remove-scroll, which injects a <style> element that our CSP (style-src 'self') refuses:
 * the lock silently failed and every opening raised a violation (radix-ui/primitives#3063).
 * See docs/decisions/0004-modal-scroll-lock-under-the-csp.md.
 */

let locks = 0;

function lock() {
  const html = document.documentElement;
  if (locks === 0) {
    // Where a classic scrollbar is about to disappear, keep its gutter so nothing shifts sideways.
    const hasScrollbar = window.innerWidth > html.clientWidth;
    html.dataset.scrollLocked = hasScrollbar ? 'gutter' : '';
  }
  locks += 1;
}

function unlock() {
  locks -= 1;
  if (locks === 0) delete document.documentElement.dataset.scrollLocked;
}

/** Locks page scrolling while the calling component is mounted; nested modals share one lock. */
export function useScrollLock() {
  useEffect(() => {
    lock();
    return unlock;
  }, []);
}
