import { DASHBOARD_TIME_ZONE } from './greeting';

/**
 * Calendar days in the dashboard's fixed zone, Asia/Kolkata (docs/product.md §4). Every day-based
 * rule (the daily quote and message, the study streak, tasks created today) uses this zone, not
 * the browser's, so a day boundary means the same everywhere: see
 * docs/decisions/0012-dashboard-days-in-asia-kolkata.md. Overdue tasks are the exception: they
 * follow the student's own zone (docs/decisions/0062).
 */

/** The calendar date (yyyy-mm-dd) at `date` in `timeZone`. */
export function dateKeyInZone(date: Date, timeZone = DASHBOARD_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whole days from one yyyy-mm-dd date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const toUtc = (key: string) => {
    const [y, m, d] = key.split('-').map(Number);
    return Date.UTC(y!, m! - 1, d!);
  };
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

/** The day of the year (1 on 1 January) at `date` in `timeZone`. */
export function dayOfYear(date: Date, timeZone = DASHBOARD_TIME_ZONE): number {
  const key = dateKeyInZone(date, timeZone);
  return daysBetween(`${key.slice(0, 4)}-01-01`, key) + 1;
}

/** One item of `list` per day of the year in Asia/Kolkata, cycling through the list. */
export function pickForDay<T>(list: readonly T[], date: Date): T {
  return list[(dayOfYear(date) - 1) % list.length]!;
}
