import { afterEach, describe, expect, it } from 'vitest';
import { clearAccountData, unsavedAccountData } from './account-data';

describe('clearAccountData', () => {
  afterEach(() => localStorage.clear());

  it('forgets the rooms lists and keeps device data and the backups', () => {
    const keep = {
      userTasks: '[{"id":1}]',
      userNotes: '[]',
      userResources: '[]',
      userRealStats: '{}',
      callDevicePreferences: '{}',
      lastLoginEmail: 'asha@example.com',
      userBackup: '{"id":"a1"}',
      profileData: '{"email":"asha@example.com"}',
    };
    for (const [key, value] of Object.entries(keep)) localStorage.setItem(key, value);
    localStorage.setItem('userRooms', '[{"id":"0123456789abcdef01234567","code":"PRIV42"}]');
    localStorage.setItem('publicRooms', '[{"id":"fedcba9876543210fedcba98"}]');
    localStorage.setItem(
      'chatOutbox:a1',
      '[{"roomId":"r1","clientId":"c1","text":"unsent","at":1}]',
    );
    clearAccountData();
    expect(localStorage.getItem('chatOutbox:a1')).toBeNull();
    expect(localStorage.getItem('userRooms')).toBeNull();
    expect(localStorage.getItem('publicRooms')).toBeNull();
    for (const [key, value] of Object.entries(keep)) expect(localStorage.getItem(key)).toBe(value);
  });
});

describe('unsavedAccountData', () => {
  afterEach(() => localStorage.clear());

  it("names this account's unsent chat messages, and nothing when there are none", async () => {
    expect(await unsavedAccountData('a1')).toEqual([]);
    localStorage.setItem(
      'chatOutbox:a1',
      '[{"roomId":"r1","clientId":"c1","text":"unsent","at":1}]',
    );
    expect(await unsavedAccountData('a1')).toEqual(['1 unsent chat message']);
    expect(await unsavedAccountData('b2')).toEqual([]);
    expect(await unsavedAccountData(null)).toEqual([]);
  });

  it('lists every provider in order, one question for all, and skips one that fails', async () => {
    const losses = await unsavedAccountData('a1', [
      () => '3 unsent chat messages',
      () => null,
      () => {
        throw new Error('storage blocked');
      },
      () => Promise.resolve('2 unsynced notes'),
    ]);
    expect(losses).toEqual(['3 unsent chat messages', '2 unsynced notes']);
  });
});
