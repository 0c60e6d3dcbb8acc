import { readString, removeKey, writeString } from '../../lib/storage';

/** Session-storage key holding where a signed-out visitor was headed (docs/product.md §2.3). */
export const POST_LOGIN_REDIRECT_KEY = 'postLoginRedirect';

/**
 * Only same-site paths are followed: a value like "//evil.example" or "https://..." would turn the
 * login screen into an open redirect. Auth screens are refused so sign-in cannot loop.
 */
export function isSafeTarget(target: string | null | undefined): target is string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return false;
  }
  return !/^\/(login|register)(?:[/?#]|$)/.test(target);
}

/** Remembers the intended path, query and hash before sending a visitor to sign in. */
export function rememberPostLoginTarget(target: string): void {
  if (isSafeTarget(target)) writeString(POST_LOGIN_REDIRECT_KEY, target, 'session');
}

/**
 * Where to go after a successful sign-in (docs/product.md §2.3): the saved target, replacing
 * history, when on /login or /register or when the visitor arrived with a `from` state; the saved
 * target is then cleared. Otherwise a safe `?redirect=` (the invitation page uses one), else
 * /dashboard.
 */
export function takePostLoginTarget({
  pathname,
  hasFromState,
  redirectParam = null,
}: {
  pathname: string;
  hasFromState: boolean;
  redirectParam?: string | null;
}): string {
  const saved = readString(POST_LOGIN_REDIRECT_KEY, 'session');
  const onAuthScreen = pathname === '/login' || pathname === '/register';
  if (saved !== null && (onAuthScreen || hasFromState)) {
    removeKey(POST_LOGIN_REDIRECT_KEY, 'session');
    if (isSafeTarget(saved)) return saved;
  }
  if (isSafeTarget(redirectParam)) return redirectParam;
  return '/dashboard';
}

/** Drops a remembered target: it belongs to the session that just ended, not to the next one. */
export function forgetPostLoginTarget(): void {
  removeKey(POST_LOGIN_REDIRECT_KEY, 'session');
}
