import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingBlock } from '../ui/spinner';
import { rememberPostLoginTarget, useAuth } from '../features/auth';

// Requests to join a room, told live on every signed-in screen, the call included (decision
// 0067). Its own chunk with the socket client, so the guard itself stays light.
const JoinRequestAlerts = lazy(async () => {
  const [{ JoinRequestAlerts: Alerts }, { QueryProvider }] = await Promise.all([
    import('../features/rooms/components/join-request-alerts'),
    import('./query-provider'),
  ]);
  return {
    default: function JoinRequestAlertsWithQuery() {
      return (
        <QueryProvider>
          <Alerts />
        </QueryProvider>
      );
    },
  };
});

/**
 * Guards the signed-in routes (docs/product.md §2.3). While the session is being checked it shows a
 * spinner; a signed-out visitor is sent to /login, with the intended path, query and hash kept in
 * session storage (postLoginRedirect) and the origin passed as navigation state.
 */
export function RequireAuth() {
  const { user, loading, signedOut } = useAuth();
  if (loading) return <LoadingBlock label="Checking your session…" />;
  // After Sign Out the page left behind is the previous person's, not where the next one is
  // headed: it is not remembered (a shared computer's next student starts at the dashboard).
  if (!user) return <RedirectToLogin remember={!signedOut} />;
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <JoinRequestAlerts />
      </Suspense>
    </>
  );
}

function RedirectToLogin({ remember }: { remember: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (remember) rememberPostLoginTarget(`${location.pathname}${location.search}${location.hash}`);
    // Replace, so Back from the login screen does not bounce through the guard again.
    navigate('/login', { replace: true, state: { from: location } });
  }, [location, navigate, remember]);
  return <LoadingBlock label="Redirecting to sign in…" />;
}
