import type { ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { Toaster } from '../ui/toast';
import { ErrorBoundary } from '../ui/error-boundary';
import { AuthProvider } from '../features/auth';
import { AppRoutes } from './router';
import { RouteError } from './route-error';

/**
 * The whole app: who is signed in, the routes and the toast region. The query cache is not here:
 * pages and the signed-in bar bring it with them (lazy-route.tsx), so the landing page never loads
 * it. The outer boundary catches what the per-route ones cannot: a failure in the layout or bar.
 */
export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}

// What a session leaves in the browser besides its own keys (account-data.ts), loaded only when a
// session ends, so the landing page's entry stays free of the features it names.
const clearAccountData = () => import('./account-data').then((m) => m.clearAccountData());

/**
 * Everything inside the router. The build prerenders the public pages from this same tree under a
 * StaticRouter (prerender.tsx), so the browser can hydrate that HTML without a mismatch.
 */
export function AppContent() {
  return (
    <AppErrorBoundary>
      <AuthProvider onSessionEnd={clearAccountData}>
        <AppRoutes />
        <Toaster />
      </AuthProvider>
    </AppErrorBoundary>
  );
}

/** The app-wide boundary; moving to another path (the frame's Go to home page link) clears it. */
function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => <RouteError standalone />}>
      {children}
    </ErrorBoundary>
  );
}
