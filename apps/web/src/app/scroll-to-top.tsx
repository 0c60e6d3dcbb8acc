import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Starts each newly visited page at the top, as a full page load would. Back and Forward (POP) are
 * left to the browser's own scroll restoration, and a link to a #section is left to the page,
 * which scrolls to that section itself.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'POP' || hash) return;
    window.scrollTo(0, 0);
    // Only a change of page scrolls: a new query or hash on the same page keeps the position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
