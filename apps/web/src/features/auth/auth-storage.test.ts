import { describe, expect, it } from 'vitest';
import { backupUser, forgetSession, readCachedUser, storeToken, storeUser } from './auth-storage';

const ASHA = { id: 'a1', name: 'Asha Rao', email: 'asha@example.com', phone: '555-0101' };
const BEN = { id: 'b2', name: 'Ben Ito', email: 'ben@example.com' };

describe('auth storage on a shared computer', () => {
  it('forgetSession removes the token and the live user keys, and keeps the backups', () => {
    storeToken('tok');
    sessionStorage.setItem('token', 'tok');
    sessionStorage.setItem('user', JSON.stringify({ ...ASHA, token: 'tok' }));
    storeUser(ASHA);
    localStorage.setItem('userProfile', JSON.stringify(ASHA));
    localStorage.setItem('lastLoginEmail', ASHA.email);
    backupUser(ASHA);
    forgetSession();
    for (const key of ['token', 'user', 'authUser', 'currentUser', 'userProfile']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('lastLoginEmail')).toBe(ASHA.email);
    expect(JSON.parse(localStorage.getItem('userBackup') ?? '{}')).toMatchObject({ id: 'a1' });
    expect(JSON.parse(localStorage.getItem('profileData') ?? '{}')).toMatchObject({
      email: ASHA.email,
    });
  });

  it('reads no one from the backups alone: they wait for their owner', () => {
    backupUser(ASHA);
    expect(readCachedUser()).toBeNull();
    expect(readCachedUser(BEN)).toBeNull();
    expect(readCachedUser({ id: 'a1' })).toMatchObject({ phone: '555-0101', name: 'Asha Rao' });
    // Matched by email when the signed-in record carries no id.
    expect(readCachedUser({ email: 'ASHA@example.com' })).toMatchObject({ phone: '555-0101' });
  });

  it("leaves another account's live copies out of the signed-in person's picture", () => {
    backupUser(ASHA);
    storeUser(BEN);
    expect(readCachedUser()).toMatchObject({ id: 'b2', name: 'Ben Ito' });
    expect(readCachedUser()).not.toHaveProperty('phone');
  });
});
