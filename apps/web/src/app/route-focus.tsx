import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a lazily loaded page to show its heading. */
const WAIT_MS = 5000;
const POLL_MS = 50;

/**
 * Moves keyboard and screen-reader focus to the new page's main heading after a client-side
 * route change, as a full page load would reset it (docs/product.md §1.4): otherwise focus stays on
 * the link that was pressed, or falls to the body when that link left the page. The first load is
 * left to the browser. A page that put focus somewhere itself (the sign-in form on its field, a
 * dialog opened on arrival) keeps it.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = Date.now();
    // What had focus when the route changed (the link pressed, or the body).
    const before = document.activeElement;
    let timer: number | undefined;
    const attempt = () => {
      const active = document.activeElement;
      const main = document.getElementById('main');
      // Focus the page chose (inside the page or in a dialog it opened) is left alone, and so is
      // focus the person moved while a lazy page was still loading (the avatar menu, say):
      // taking it away would close the menu under their pointer.
      const settled =
        active &&
        active !== document.body &&
        active !== main &&
        (active !== before ||
          main?.contains(active) ||
          active.closest('[role="dialog"], [role="alertdialog"], [role="menu"]'));
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading && !settled) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (heading || Date.now() - started > WAIT_MS) return;
      timer = window.setTimeout(attempt, POLL_MS);
    };
    // After this commit's effects, so a page that focuses something on mount has done so.
    timer = window.setTimeout(attempt, 0);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
