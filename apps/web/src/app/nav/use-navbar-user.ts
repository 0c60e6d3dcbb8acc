import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getAuthToken } from '../../lib/auth-token';
import { HttpError } from '../../lib/http';
import { TIMINGS } from '@studycircle/shared';
import {
  forgetSession,
  mergeProfile,
  onUserDataUpdated,
  readCachedUser,
  rememberPostLoginTarget,
  storeUser,
  useAuth,
  type AuthUser,
} from '../../features/auth';
// The query hook is imported directly, not through the feature's index, so that the index (which
// the landing page loads) stays free of the HTTP client; this bar is itself loaded lazily.
import { useProfileQuery } from '../../features/auth/api/get-profile';
import { clearAccountData } from '../account-data';

/**
 * Paths where the "no token: sign in after 2 s" rule does not apply: the sign-in screens
 * themselves, and /tasks and /resources, which need no login (docs/product.md §2.1, §2.7).
 */
const NO_REDIRECT_PATHS = new Set(['/login', '/register', '/tasks', '/resources']);

// Routes match case-insensitively and tolerate a trailing slash, so this check does too.
const normalizePath = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * The signed-in bar's user, by the rules of docs/product.md §2.7: cached data shows
 * first; with a token the fresh profile is merged in (cached profile fields win); a 401 removes the
 * token and redirects to /login after 2 s; with no token the cache stays on screen and the same
 * redirect follows, unless already on /login or /register (or on /tasks or /resources, which need
 * no login). 'userDataUpdated' events apply at once.
 */
export function useNavbarUser(): AuthUser | null {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [hasToken] = useState(() => getAuthToken() !== null);
  const [navUser, setNavUser] = useState<AuthUser | null>(() => user ?? readCachedUser());
  // Asked only while a token is stored: after Sign Out empties the cache, this bar (still on
  // screen until the login page replaces it) must not ask again without one.
  const profile = useProfileQuery(hasToken && getAuthToken() !== null);

  useEffect(() => {
    if (user) setNavUser((current) => ({ ...(current ?? {}), ...user }));
  }, [user]);

  useEffect(() => {
    if (!profile.data) return;
    const merged = mergeProfile(profile.data, readCachedUser(profile.data));
    storeUser(merged);
    setNavUser(merged);
  }, [profile.data]);

  useEffect(
    () =>
      onUserDataUpdated((detail) => setNavUser((current) => ({ ...(current ?? {}), ...detail }))),
    [],
  );

  const unauthorized = profile.error instanceof HttpError && profile.error.status === 401;
  const mustSignIn = !hasToken || unauthorized;
  const { pathname, search, hash } = location;

  useEffect(() => {
    if (!mustSignIn) return;
    // A rejected token is never sent again, whichever page the visitor is on, and the account's
    // data goes with it (docs/product.md §3.8): the next person at this computer must not find it.
    if (unauthorized) {
      forgetSession();
      clearAccountData();
    }
    if (NO_REDIRECT_PATHS.has(normalizePath(pathname))) return;
    // The 2 s pause (docs/product.md §2.7) lets the visitor see the page they asked for before
    // leaving.
    const timer = window.setTimeout(() => {
      rememberPostLoginTarget(`${pathname}${search}${hash}`);
      navigate('/login', { replace: true });
    }, TIMINGS.redirectAfterUnauthorizedMs);
    return () => window.clearTimeout(timer);
  }, [mustSignIn, unauthorized, pathname, search, hash, navigate]);

  return navUser;
}
