import { describe, expect, it } from 'vitest';
import { extractToken, extractUser, mergeProfile } from './user';

describe('extractUser and extractToken (docs/product.md §3.9: user, data or top level)', () => {
  it('finds the user in each shape and never keeps the token on it', () => {
    expect(extractUser({ token: 't', user: { id: '1', name: 'A' } })).toEqual({
      id: '1',
      name: 'A',
    });
    expect(extractUser({ data: { _id: '2', email: 'b@x.io' } })).toEqual({
      _id: '2',
      email: 'b@x.io',
    });
    expect(extractUser({ data: { user: { id: '3' }, token: 't' } })).toEqual({ id: '3' });
    expect(extractUser({ id: '4', name: 'Top', token: 'secret' })).toEqual({
      id: '4',
      name: 'Top',
    });
    expect(extractUser({ ok: true })).toBeNull();
    expect(extractUser('nope')).toBeNull();
  });

  it('reads the token at the top level or under data', () => {
    expect(extractToken({ token: 'a', user: {} })).toBe('a');
    expect(extractToken({ data: { token: 'b' } })).toBe('b');
    expect(extractToken({ user: { token: 'c' } })).toBe('c');
    expect(extractToken({ token: '' })).toBeNull();
  });
});

describe('mergeProfile (docs/product.md §2.7: cached profile fields win when present)', () => {
  it('lets cached phone, location, bio, university, major, yearOfStudy and profilePic win', () => {
    const fresh = {
      id: '1',
      name: 'Server Name',
      email: 'new@x.io',
      phone: '111',
      location: 'Server City',
      bio: 'server bio',
      university: 'U1',
      major: 'M1',
      yearOfStudy: '1st Year',
      profilePic: 'https://server/pic.png',
      createdAt: '2025-01-01',
    };
    const cached = {
      name: 'Cached Name',
      email: 'old@x.io',
      phone: '999',
      location: '',
      bio: 'my bio',
      university: 'IIT',
      major: 'CS',
      yearOfStudy: 'PhD',
      profilePic: 'data:image/jpeg;base64,AAA',
    };
    expect(mergeProfile(fresh, cached)).toMatchObject({
      name: 'Server Name',
      email: 'new@x.io',
      phone: '999',
      location: 'Server City',
      bio: 'my bio',
      university: 'IIT',
      major: 'CS',
      yearOfStudy: 'PhD',
      profilePic: 'data:image/jpeg;base64,AAA',
      joinDate: '2025-01-01',
    });
  });

  it('uses the fresh data alone when nothing is cached', () => {
    expect(mergeProfile({ id: '1', name: 'A' }, null)).toEqual({ id: '1', name: 'A' });
  });
});
