import { describe, expect, it } from 'vitest';
import { getAuthToken } from './http';

describe('getAuthToken (docs/product.md §3.7: stored token, then authUser or user entries)', () => {
  it('returns null when nothing is stored', () => {
    expect(getAuthToken()).toBeNull();
  });

  it('prefers the token key over the user entries', () => {
    localStorage.setItem('token', 'direct');
    localStorage.setItem('authUser', JSON.stringify({ token: 'from-authUser' }));
    expect(getAuthToken()).toBe('direct');
  });

  it('reads the token key from session storage before the user entries', () => {
    sessionStorage.setItem('token', 'session-direct');
    localStorage.setItem('authUser', JSON.stringify({ token: 'from-authUser' }));
    expect(getAuthToken()).toBe('session-direct');
  });

  it('then authUser before user, local storage before session storage', () => {
    localStorage.setItem('user', JSON.stringify({ token: 'from-user' }));
    sessionStorage.setItem('authUser', JSON.stringify({ token: 'session-authUser' }));
    expect(getAuthToken()).toBe('from-user');
    localStorage.setItem('authUser', JSON.stringify({ token: 'local-authUser' }));
    expect(getAuthToken()).toBe('local-authUser');
  });

  it('skips corrupt or token-less entries', () => {
    localStorage.setItem('authUser', '{not json');
    localStorage.setItem('user', JSON.stringify({ name: 'no token' }));
    sessionStorage.setItem('user', JSON.stringify({ token: 'session-user' }));
    expect(getAuthToken()).toBe('session-user');
  });
});
