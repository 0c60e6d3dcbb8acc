import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getAuthToken } from '../../lib/auth-token';
import {
  backupUser,
  forgetSession,
  readCachedUser,
  storeLastLoginEmail,
  storeToken,
  storeUser,
} from './auth-storage';
import { forgetPostLoginTarget } from './post-login-redirect';
import { mergeProfile, type AuthUser } from './user';
import { dispatchUserDataUpdated, onUserDataUpdated } from './user-events';
import { AuthContext, type AuthContextValue } from './use-auth';

const loadQueryClient = () => import('../../lib/query-client').then((m) => m.queryClient);

/**
 * Holds who is signed in (docs/product.md §3.7). Loading starts true; a stored token is
 * checked with GET /api/auth/profile, and any failure removes the token and means signed out.
 *
 * The API modules and the query cache are imported on demand: the landing page renders this
 * provider, and a visitor without a token should not download the HTTP client, its schemas or
 * TanStack Query just to learn that. The cache is the app's one shared instance (lib/query-client),
 * which the pages and the signed-in bar read too.
 *
 * When a session ends (Sign Out, or a stored token the server refuses) nothing of the account may
 * stay for the next person at this computer (issue 12; docs/decisions/0010): the session keys go
 * here, every other feature's account-bound keys go through `onSessionEnd` (app/ composes the list,
 * since this feature cannot import the others), and the query cache is emptied.
 */
export function AuthProvider({
  children,
  onSessionEnd,
}: {
  children: ReactNode;
  /** Clears the other features' account-bound data; awaited before the sign-out completes. */
  onSessionEnd?: () => void | Promise<void>;
}) {
  const [state, setState] = useState<{
    user: AuthUser | null;
    loading: boolean;
    signedOut: boolean;
  }>({
    user: null,
    loading: true,
    signedOut: false,
  });
  useEffect(() => {
    if (!getAuthToken()) {
      setState({ user: null, loading: false, signedOut: false });
      return;
    }
    let active = true;
    Promise.all([loadQueryClient(), import('./api/get-profile')])
      .then(([queryClient, { profileQueryOptions }]) =>
        queryClient.fetchQuery(profileQueryOptions()),
      )
      .then((fresh) => {
        if (!active) return;
        const user = mergeProfile(fresh, readCachedUser(fresh));
        storeUser(user);
        setState({ user, loading: false, signedOut: false });
      })
      .catch(async () => {
        if (!active) return;
        // The session is over whatever the cause, so its data goes with its token.
        forgetSession();
        forgetPostLoginTarget();
        await Promise.resolve(onSessionEnd?.()).catch(() => undefined);
        const queryClient = await loadQueryClient();
        queryClient.clear();
        if (active) setState({ user: null, loading: false, signedOut: false });
      });
    return () => {
      active = false;
    };
    // Checked once, on start: a later change of the callback is no new session to check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Another screen (the profile page) announced new user data: show it everywhere at once.
  useEffect(
    () =>
      onUserDataUpdated((detail) =>
        setState((current) =>
          current.user ? { ...current, user: { ...current.user, ...detail } } : current,
        ),
      ),
    [],
  );

  const completeSignIn = useCallback((token: string, user: AuthUser, email: string) => {
    storeToken(token);
    // Only this person's own backups merge in; another account's never do.
    const merged = mergeProfile(user, readCachedUser(user));
    storeUser(merged);
    storeLastLoginEmail(email);
    // The sign-in screens already loaded the cache module, so this lands before the signed-in
    // bar (itself loaded lazily) asks for the profile. Whatever an earlier account left in the
    // cache goes first: nothing of it is on screen on the sign-in screens. Queries only: the
    // sign-in mutation that called this is still running.
    void loadQueryClient().then((queryClient) => {
      queryClient.removeQueries();
      queryClient.setQueryData(['auth', 'profile'], user);
    });
    setState({ user: merged, loading: false, signedOut: false });
    dispatchUserDataUpdated(merged);
  }, []);

  const clearUser = useCallback(
    () => setState((current) => ({ ...current, user: null, loading: false })),
    [],
  );

  const signOut = useCallback(async () => {
    const user = state.user ?? readCachedUser();
    if (user) backupUser(user);
    // Logout needs the bearer token, so the server is told before the token is forgotten.
    const [{ logout }, queryClient] = await Promise.all([
      import('./api/logout'),
      loadQueryClient(),
    ]);
    await logout();
    forgetSession();
    forgetPostLoginTarget();
    await Promise.resolve(onSessionEnd?.()).catch(() => undefined);
    // Emptying the cache does not re-render the screens reading it; the state change below
    // unmounts the signed-in pages, and the bar does not refetch without a token.
    await queryClient.cancelQueries();
    queryClient.clear();
    setState({ user: null, loading: false, signedOut: true });
  }, [state.user, onSessionEnd]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, completeSignIn, clearUser, signOut }),
    [state, completeSignIn, clearUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
