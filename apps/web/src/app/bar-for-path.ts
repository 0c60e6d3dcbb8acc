/** Which navigation bar a path shows (docs/product.md §2.4), for a visitor signed in or not. */
export type BarKind = 'public' | 'app' | 'none';

const PUBLIC_PATHS = new Set([
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/groups',
  '/features',
  '/community',
]);

/**
 * Pages a signed-in student reaches from a mail (the verification and invitation links): they see
 * their own signed-in bar there, not Sign In and Get Started (docs/decisions/0054).
 */
const MAIL_LINK_PREFIXES = ['/invite/', '/verify-email/'];

export function barForPath(pathname: string, signedIn = false): BarKind {
  // Routes match case-insensitively and tolerate a trailing slash, so the bar choice does too.
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  // A call fills the screen: no bar at all.
  if (path.startsWith('/rooms/call/')) return 'none';
  if (PUBLIC_PATHS.has(path)) return 'public';
  if (MAIL_LINK_PREFIXES.some((p) => path.startsWith(p))) return signedIn ? 'app' : 'public';
  if (path.startsWith('/reset-password/')) return 'public';
  return 'app';
}
