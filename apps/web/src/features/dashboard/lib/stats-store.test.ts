import { describe, expect, it } from 'vitest';
import { STATS_KEY, nextStreak, readStats, syncStats } from './stats-store';

const counts = { activeRooms: 2, notesCreated: 3, dailyTasks: 1 };
const at = (iso: string) => new Date(iso);

describe('study streak (docs/product.md §4.3)', () => {
  it('starts at 1 on a first visit', () => {
    expect(nextStreak(null, '2026-03-10')).toEqual({
      studyStreak: 1,
      lastLoginDate: '2026-03-10',
      streakStartDate: '2026-03-10',
    });
  });

  it('stays the same on the same day', () => {
    const prev = { studyStreak: 4, lastLoginDate: '2026-03-10', streakStartDate: '2026-03-07' };
    expect(nextStreak(prev, '2026-03-10')).toEqual(prev);
  });

  it('adds one the next day, across a month and a year', () => {
    const prev = { studyStreak: 4, lastLoginDate: '2026-02-28', streakStartDate: '2026-02-25' };
    expect(nextStreak(prev, '2026-03-01')).toEqual({
      studyStreak: 5,
      lastLoginDate: '2026-03-01',
      streakStartDate: '2026-02-25',
    });
    expect(nextStreak({ ...prev, lastLoginDate: '2025-12-31' }, '2026-01-01').studyStreak).toBe(5);
  });

  it('resets to 1 after a gap of more than one day, or a date in the future', () => {
    const prev = { studyStreak: 9, lastLoginDate: '2026-03-10', streakStartDate: '2026-03-02' };
    expect(nextStreak(prev, '2026-03-12')).toEqual({
      studyStreak: 1,
      lastLoginDate: '2026-03-12',
      streakStartDate: '2026-03-12',
    });
    expect(nextStreak(prev, '2026-03-09').studyStreak).toBe(1);
  });

  it('counts days in Asia/Kolkata: 23:59 and 00:01 there are different days', () => {
    // 18:29 UTC = 23:59 IST on the 10th; 18:31 UTC = 00:01 IST on the 11th.
    syncStats(counts, at('2026-03-10T18:29:00Z'));
    expect(readStats()).toMatchObject({ studyStreak: 1, lastLoginDate: '2026-03-10' });
    const next = syncStats(counts, at('2026-03-10T18:31:00Z'));
    expect(next).toMatchObject({ studyStreak: 2, lastLoginDate: '2026-03-11' });
  });

  it('does not count two UTC days that are one Kolkata day', () => {
    // 23:00 UTC on the 9th and 10:00 UTC on the 10th are both the 10th in Kolkata.
    syncStats(counts, at('2026-03-09T23:00:00Z'));
    expect(syncStats(counts, at('2026-03-10T10:00:00Z')).studyStreak).toBe(1);
  });

  it('updates the counts on a second sync the same day', () => {
    syncStats(counts, at('2026-03-10T06:00:00Z'));
    const later = syncStats({ ...counts, activeRooms: 5 }, at('2026-03-10T07:00:00Z'));
    expect(later).toMatchObject({ activeRooms: 5, studyStreak: 1 });
  });

  it('writes the stats record with the derived counts', () => {
    syncStats(counts, at('2026-03-10T06:00:00Z'));
    expect(JSON.parse(localStorage.getItem(STATS_KEY)!)).toEqual({
      activeRooms: 2,
      notesCreated: 3,
      dailyTasks: 1,
      studyStreak: 1,
      lastLoginDate: '2026-03-10',
      streakStartDate: '2026-03-10',
    });
  });

  it('treats a corrupt record as a first visit and reads full date strings as Kolkata days', () => {
    localStorage.setItem(STATS_KEY, '{broken');
    expect(readStats()).toBeNull();
    localStorage.setItem(STATS_KEY, JSON.stringify({ studyStreak: 'many', lastLoginDate: 42e20 }));
    expect(readStats()).toBeNull();
    localStorage.setItem(
      STATS_KEY,
      JSON.stringify({ studyStreak: 3, lastLoginDate: '2026-03-09T20:00:00.000Z' }),
    );
    expect(readStats()).toMatchObject({
      studyStreak: 3,
      lastLoginDate: '2026-03-10',
      streakStartDate: '2026-03-10',
    });
  });
});
