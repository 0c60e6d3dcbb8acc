import { describe, expect, it } from 'vitest';
import { barForPath } from './bar-for-path';

describe('barForPath (docs/product.md §2.4)', () => {
  it.each([
    '/',
    '/login',
    '/register',
    '/forgot-password',
    '/groups',
    '/features',
    '/community',
    '/reset-password/abc123',
    '/invite/tok',
    '/verify-email/tok',
    '/login/',
    '/Features',
  ])('%s shows the logged-out bar', (path) => {
    expect(barForPath(path)).toBe('public');
  });

  it.each(['/rooms/call/room/abc', '/rooms/call/ABC123'])('%s (a call) shows no bar', (path) => {
    expect(barForPath(path)).toBe('none');
  });

  it.each([
    '/dashboard',
    '/dashboard/rooms',
    '/dashboard/notes',
    '/tasks',
    '/resources',
    '/settings',
    '/rooms/room/abc',
    '/reset-password',
    '/unknown',
  ])('%s shows the logged-in bar', (path) => {
    expect(barForPath(path)).toBe('app');
  });

  it.each(['/invite/tok', '/verify-email/tok', '/Invite/tok/'])(
    '%s shows a signed-in student the signed-in bar, and anyone else the logged-out bar',
    (path) => {
      expect(barForPath(path, true)).toBe('app');
      expect(barForPath(path, false)).toBe('public');
    },
  );

  it('keeps the logged-out bar on the other public paths when signed in', () => {
    for (const path of ['/', '/login', '/register', '/reset-password/abc', '/features'])
      expect(barForPath(path, true)).toBe('public');
  });
});
