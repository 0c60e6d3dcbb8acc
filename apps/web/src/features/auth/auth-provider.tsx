import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getAuthToken } from '../../lib/auth-token';
import {
  backupUser,
  readCachedUser,
  removeToken,
  storeLastLoginEmail,
  storeToken,
  storeUser,
} from './auth-storage';
import { mergeProfile, type AuthUser } from './user';
import { dispatchUserDataUpdated, onUserDataUpdated } from './user-events';
import { AuthContext, type AuthContextValue } from './use-auth';

const loadQueryClient = () => import('../../lib/query-client').then((m) => m.queryClient);

/**
 * Holds who is signed in (spec section 4, Authentication). Loading starts true; a stored token is
 * checked with GET /api/auth/profile, and any failure removes the token and means signed out.
 *
 * The API modules and the query cache are imported on demand: the landing page renders this
 * provider, and a visitor without a token should not download the HTTP client, its schemas or
 * TanStack Query just to learn that. The cache is the app's one shared instance (lib/query-client),
 * which the pages and the signed-in bar read too.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ user: AuthUser | null; loading: boolean }>({
    user: null,
    loading: true,
  });

  useEffect(() => {
    if (!getAuthToken()) {
      setState({ user: null, loading: false });
      return;
    }
    let active = true;
    Promise.all([loadQueryClient(), import('./api/get-profile')])
      .then(([queryClient, { profileQueryOptions }]) =>
        queryClient.fetchQuery(profileQueryOptions()),
      )
      .then((fresh) => {
        if (!active) return;
        const user = mergeProfile(fresh, readCachedUser());
        storeUser(user);
        setState({ user, loading: false });
      })
      .catch(() => {
        if (!active) return;
        removeToken();
        setState({ user: null, loading: false });
      });
    return () => {
      active = false;
    };
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
    const merged = mergeProfile(user, readCachedUser());
    storeUser(merged);
    storeLastLoginEmail(email);
    // The sign-in screens already loaded the cache module, so this lands before the signed-in
    // bar (itself loaded lazily) asks for the profile.
    void loadQueryClient().then((queryClient) =>
      queryClient.setQueryData(['auth', 'profile'], user),
    );
    setState({ user: merged, loading: false });
    dispatchUserDataUpdated(merged);
  }, []);

  const clearUser = useCallback(() => setState({ user: null, loading: false }), []);

  const signOut = useCallback(async () => {
    const user = state.user ?? readCachedUser();
    if (user) backupUser(user);
    // Logout needs the bearer token, so the server is told before the token is forgotten.
    const [{ logout }, queryClient] = await Promise.all([
      import('./api/logout'),
      loadQueryClient(),
    ]);
    await logout();
    removeToken();
    // Only inactive entries go: removing the signed-in bar's live query would make it refetch
    // without a token. Its data is overwritten by the next sign-in (completeSignIn).
    queryClient.removeQueries({ queryKey: ['auth'], type: 'inactive' });
    setState({ user: null, loading: false });
  }, [state.user]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, completeSignIn, clearUser, signOut }),
    [state, completeSignIn, clearUser, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
