import { describe, expect, it } from 'vitest';
import {
  isSafeTarget,
  POST_LOGIN_REDIRECT_KEY,
  rememberPostLoginTarget,
  takePostLoginTarget,
} from './post-login-redirect';

describe('post-login redirect (docs/product.md §2.3)', () => {
  it('sends the user to the saved target from /login and clears it', () => {
    rememberPostLoginTarget('/dashboard/notes?tab=files#recent');
    expect(takePostLoginTarget({ pathname: '/login', hasFromState: false })).toBe(
      '/dashboard/notes?tab=files#recent',
    );
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBeNull();
    expect(takePostLoginTarget({ pathname: '/login', hasFromState: false })).toBe('/dashboard');
  });

  it('also honours the saved target from /register or with a from state', () => {
    rememberPostLoginTarget('/tasks');
    expect(takePostLoginTarget({ pathname: '/register', hasFromState: false })).toBe('/tasks');
    rememberPostLoginTarget('/resources');
    expect(takePostLoginTarget({ pathname: '/elsewhere', hasFromState: true })).toBe('/resources');
  });

  it('ignores the saved target elsewhere without a from state and goes to /dashboard', () => {
    rememberPostLoginTarget('/tasks');
    expect(takePostLoginTarget({ pathname: '/elsewhere', hasFromState: false })).toBe('/dashboard');
    expect(sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY)).toBe('/tasks');
  });

  it('uses a safe ?redirect= when nothing was saved', () => {
    expect(
      takePostLoginTarget({
        pathname: '/login',
        hasFromState: false,
        redirectParam: '/invite/abc',
      }),
    ).toBe('/invite/abc');
    expect(
      takePostLoginTarget({
        pathname: '/login',
        hasFromState: false,
        redirectParam: 'https://evil.example',
      }),
    ).toBe('/dashboard');
  });

  it('never follows off-site or auth-screen targets', () => {
    expect(isSafeTarget('//evil.example/x')).toBe(false);
    expect(isSafeTarget('/\\evil.example')).toBe(false);
    expect(isSafeTarget('https://evil.example')).toBe(false);
    expect(isSafeTarget('/login?x=1')).toBe(false);
    expect(isSafeTarget('/register')).toBe(false);
    expect(isSafeTarget('/loginhelp')).toBe(true);
    sessionStorage.setItem(POST_LOGIN_REDIRECT_KEY, '//evil.example');
    expect(takePostLoginTarget({ pathname: '/login', hasFromState: false })).toBe('/dashboard');
  });
});
