import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { getAuthToken } from '../../lib/auth-token';
import { onSessionEnded, SESSION_ENDED_CODE } from '../../lib/session-ended';
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
 * stay for the next person at this computer (docs/decisions/0010): the session keys go
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
    endedElsewhere?: boolean;
  }>({
    user: null,
    loading: true,
    signedOut: false,
  });
  /** Set while this tab signs itself out: the refusals that follow are no news from elsewhere. */
  const signingOut = useRef(false);

  /** Forgets the session and everything account-bound (docs/decisions/0010). */
  const forgetEverything = useCallback(async () => {
    forgetSession();
    forgetPostLoginTarget();
    await Promise.resolve(onSessionEnd?.()).catch(() => undefined);
    const queryClient = await loadQueryClient();
    await queryClient.cancelQueries();
    queryClient.clear();
  }, [onSessionEnd]);
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
        // Ended while the answer was on its way (the token is gone): that news stands.
        if (!active || !getAuthToken()) return;
        const user = mergeProfile(fresh, readCachedUser(fresh));
        storeUser(user);
        setState({ user, loading: false, signedOut: false });
      })
      .catch(async (err: unknown) => {
        // An abort is no answer, and leaving the page aborts (lib/http): the next page checks
        // again. Ending the session here would sign the student out for clicking too soon.
        if (!active || (err instanceof DOMException && err.name === 'AbortError')) return;
        // No answer at all (offline): the session may be fine, and the account's unsent study
        // data must survive an offline start (docs/product.md §3.7), so the cached user stays.
        const cached = (err as { status?: unknown } | null)?.status === 0 && readCachedUser();
        if (cached) return setState({ user: cached, loading: false, signedOut: false });
        // Any answer refusing it ends the session, so its data goes with its token.
        const endedElsewhere = (err as { code?: unknown } | null)?.code === SESSION_ENDED_CODE;
        await forgetEverything();
        // The news may have come first by another way (the live link), cancelling this check:
        // what it said stands.
        if (active) {
          setState((current) => ({
            user: null,
            loading: false,
            signedOut: false,
            endedElsewhere: endedElsewhere || (current.endedElsewhere ?? false),
          }));
        }
      });
    return () => {
      active = false;
    };
    // Checked once, on start: a later change of the callback is no new session to check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // This device's session was ended on another one (docs/product.md §3.8): a request or the live
  // link was refused. Everything of the account goes, and the guard sends the user to sign-in,
  // where the message says why (also from inside a call).
  useEffect(
    () =>
      onSessionEnded(() => {
        if (signingOut.current || !getAuthToken()) return;
        void forgetEverything().then(() =>
          setState({ user: null, loading: false, signedOut: false, endedElsewhere: true }),
        );
      }),
    [forgetEverything],
  );

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
    setState({ user: merged, loading: false, signedOut: false, endedElsewhere: false });
    dispatchUserDataUpdated(merged);
  }, []);

  const clearUser = useCallback(
    () => setState((current) => ({ ...current, user: null, loading: false })),
    [],
  );

  const signOut = useCallback(
    async (everywhere = false) => {
      const user = state.user ?? readCachedUser();
      if (user) backupUser(user);
      signingOut.current = true;
      try {
        // The server is told before the token is forgotten (it needs the bearer token). Sign Out
        // ends this device's session only; "Sign out of all devices" ends every one
        // (docs/product.md §3.8), and its failure is shown by the caller, nothing is forgotten.
        if (everywhere) {
          const { logoutEverywhere } = await import('./api/logout');
          await logoutEverywhere();
        } else {
          const { logout } = await import('./api/logout');
          await logout();
        }
        // Emptying the cache does not re-render the screens reading it; the state change below
        // unmounts the signed-in pages, and the bar does not refetch without a token.
        await forgetEverything();
        setState({ user: null, loading: false, signedOut: true });
      } finally {
        signingOut.current = false;
      }
    },
    [state.user, forgetEverything],
  );

  const endingOwnSession = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    signingOut.current = true;
    try {
      return await work();
    } finally {
      signingOut.current = false;
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      endedElsewhere: state.endedElsewhere ?? false,
      completeSignIn,
      clearUser,
      signOut,
      endingOwnSession,
    }),
    [state, completeSignIn, clearUser, signOut, endingOwnSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
