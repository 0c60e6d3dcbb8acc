import { describe, expect, it } from 'vitest';
import { clearAccountData } from './account-data';

describe('clearAccountData', () => {
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
    clearAccountData();
    expect(localStorage.getItem('userRooms')).toBeNull();
    expect(localStorage.getItem('publicRooms')).toBeNull();
    for (const [key, value] of Object.entries(keep)) expect(localStorage.getItem(key)).toBe(value);
  });
});
