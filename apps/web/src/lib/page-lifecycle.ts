/**
 * Whether this page is being left (a reload, a link to another document, the tab closing).
 * Leaving cancels the page's requests, and their "Failed to fetch" is no news about the
 * network or the session: the HTTP client (lib/http) turns them into aborts. `pagehide` comes
 * before the browser cancels the requests (Chromium, checked in e2e/auth.spec.ts), and `pageshow`
 * clears the mark when the back-forward cache brings the page back.
 */
let leaving = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

export function pageIsBeingLeft(): boolean {
  return leaving;
}
