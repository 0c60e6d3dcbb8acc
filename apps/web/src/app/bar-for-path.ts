/** Which navigation bar a path shows (docs/product.md §2.4). */
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

export function barForPath(pathname: string): BarKind {
  // Routes match case-insensitively and tolerate a trailing slash, so the bar choice does too.
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  // A call fills the screen: no bar at all.
  if (path.startsWith('/rooms/call/')) return 'none';
  if (PUBLIC_PATHS.has(path)) return 'public';
  if (['/reset-password/', '/invite/', '/verify-email/'].some((p) => path.startsWith(p))) {
    return 'public';
  }
  return 'app';
}
