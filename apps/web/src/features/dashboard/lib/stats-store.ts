import { isRecord, readJson, writeJson } from '../../../lib/storage';
import { dateKeyInZone, daysBetween } from './day-of-year';

/**
 * The local stats record, userRealStats (docs/product.md §4.4): activeRooms,
 * notesCreated, dailyTasks, studyStreak, lastLoginDate, streakStartDate. The counts are derived
 * from the local lists each time; the record keeps them for other screens and keeps the streak.
 *
 * Dates are yyyy-mm-dd calendar days in Asia/Kolkata (see day-of-year.ts). A record written by
 * another build with a full date string is read by converting that moment to its Kolkata day.
 */

export const STATS_KEY = 'userRealStats';

export interface StatsRecord {
  activeRooms: number;
  notesCreated: number;
  dailyTasks: number;
  studyStreak: number;
  lastLoginDate: string;
  streakStartDate: string;
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** A stored date as a Kolkata day, or null when unreadable. */
function toDayKey(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (typeof value === 'string' && DAY_KEY.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateKeyInZone(date);
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/** The stored record, or null when absent or unreadable (a first visit). */
export function readStats(): StatsRecord | null {
  const raw = readJson<Record<string, unknown> | null>(STATS_KEY, null, (v) => isRecord(v));
  if (!raw) return null;
  const lastLoginDate = toDayKey(raw.lastLoginDate);
  if (!lastLoginDate) return null;
  return {
    activeRooms: count(raw.activeRooms),
    notesCreated: count(raw.notesCreated),
    dailyTasks: count(raw.dailyTasks),
    studyStreak: Math.max(1, count(raw.studyStreak)),
    lastLoginDate,
    streakStartDate: toDayKey(raw.streakStartDate) ?? lastLoginDate,
  };
}

/**
 * docs/product.md §4.3, Study streak: first visit 1; last visit exactly one day earlier, plus one;
 * a gap of more than one day, back to 1; the same day, unchanged. A last visit in the future (a
 * clock that was wrong) starts over rather than trusting it.
 */
export function nextStreak(
  previous: Pick<StatsRecord, 'studyStreak' | 'lastLoginDate' | 'streakStartDate'> | null,
  today: string,
): Pick<StatsRecord, 'studyStreak' | 'lastLoginDate' | 'streakStartDate'> {
  if (!previous) return { studyStreak: 1, lastLoginDate: today, streakStartDate: today };
  const gap = daysBetween(previous.lastLoginDate, today);
  if (gap === 0) {
    // Only the streak fields: a full record passed in must not carry its old counts along.
    const { studyStreak, lastLoginDate, streakStartDate } = previous;
    return { studyStreak, lastLoginDate, streakStartDate };
  }
  if (gap === 1) {
    return {
      studyStreak: previous.studyStreak + 1,
      lastLoginDate: today,
      streakStartDate: previous.streakStartDate,
    };
  }
  return { studyStreak: 1, lastLoginDate: today, streakStartDate: today };
}

export interface DerivedCounts {
  activeRooms: number;
  notesCreated: number;
  dailyTasks: number;
}

/**
 * Records a dashboard visit at `now` with the counts derived from the local lists, and returns
 * the record. A refused write (storage full) is not fatal: the figures still show.
 */
export function syncStats(counts: DerivedCounts, now: Date = new Date()): StatsRecord {
  const streak = nextStreak(readStats(), dateKeyInZone(now));
  const record: StatsRecord = { ...counts, ...streak };
  writeJson(STATS_KEY, record);
  return record;
}
