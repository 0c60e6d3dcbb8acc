import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface Fullscreen {
  /** False where the page may not go full screen (the API missing, an iframe without allow). */
  supported: boolean;
  /** True while this element is the full-screen one. */
  active: boolean;
  toggle(): void;
}

/**
 * Full screen for one element through the Fullscreen API. The browser's own Escape leaves it, and
 * so does the element leaving the page (its peer left), so `active` follows the document's
 * fullscreenchange rather than this hook's calls.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>): Fullscreen {
  const supported =
    typeof document !== 'undefined' &&
    document.fullscreenEnabled === true &&
    typeof HTMLElement.prototype.requestFullscreen === 'function';
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!supported) return;
    const onChange = () =>
      setActive(ref.current !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref, supported]);
  const toggle = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    // A refusal (no user gesture left, a policy) leaves the tile as it was: nothing to report.
    if (document.fullscreenElement === element) void document.exitFullscreen().catch(() => {});
    else void element.requestFullscreen().catch(() => {});
  }, [ref]);
  return { supported, active, toggle };
}
