import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getAuthToken } from '../lib/auth-token';
import { barForPath } from './bar-for-path';
import { PublicNav } from './nav/public-nav';
import { RouteFocus } from './route-focus';
import { ScrollToTop } from './scroll-to-top';
import { SessionEndedRedirect } from './session-ended-redirect';

// The signed-in bar (Radix menus, the HTTP client, the query cache it reads the profile from)
// loads only when a signed-in path needs it; the chunks download in parallel. Under the bar, not
// inside it (the sticky bar stays one line tall on a phone), the reminder to verify the account's
// address (docs/product.md §3.12).
const AppNav = lazy(async () => {
  const [{ default: Nav }, { QueryProvider }, { VerifyEmailBanner }] = await Promise.all([
    import('./nav/app-nav'),
    import('./query-provider'),
    import('../features/auth/components/verify-email-banner'),
  ]);
  return {
    default: function AppNavWithQuery() {
      return (
        <QueryProvider>
          <Nav />
          <VerifyEmailBanner />
        </QueryProvider>
      );
    },
  };
});

/** Reserves the bar's height while the signed-in bar loads, so the page does not jump. */
function BarPlaceholder() {
  return <div aria-hidden="true" className="h-16 border-b border-slate-200 bg-white" />;
}

/**
 * The frame around every route: a skip link, the bar the path calls for (docs/product.md §2.4:
 * public paths get the logged-out bar, call routes none, everything else the signed-in bar; the
 * verification and invitation links show a signed-in student their own bar), and
 * the page inside <main id="main">. Each route brings its own loading and error boundaries
 * (lazy-route.tsx).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const bar = barForPath(pathname, getAuthToken() !== null);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70]"
      >
        Skip to main content
      </a>
      {bar === 'public' && <PublicNav />}
      {bar === 'app' && (
        <Suspense fallback={<BarPlaceholder />}>
          <AppNav />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <ScrollToTop />
      <RouteFocus />
      <SessionEndedRedirect />
    </div>
  );
}
