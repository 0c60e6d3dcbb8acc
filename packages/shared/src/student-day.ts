/**
 * The student's day: which calendar day it is in a given IANA time zone, and whether a due day
 * (yyyy-mm-dd, the form a task's due date takes) is overdue, today or upcoming there. Due, overdue
 * and "today" follow the student's own zone everywhere; only the dashboard's quote, message and
 * clock keep Asia/Kolkata (docs/decisions/0062-the-students-day-in-their-own-zone.md).
 *
 * Plain `Intl.DateTimeFormat` with `timeZone`: it knows every zone's daylight saving rules, so a
 * day is never worked out from a fixed offset.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (yyyy-mm-dd) at the instant `at` in `timeZone`; throws on an unknown zone. */
export function dayInZone(at: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of dayFormat(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A yyyy-mm-dd day moved by `days` (calendar arithmetic: no zone, no daylight saving). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** The due day (yyyy-mm-dd) of a stored due date, or null when there is none or it is unreadable. */
export function dueDayOf(due: string | null | undefined): string | null {
  const match = due ? DAY.exec(due) : null;
  return match ? match[0] : null;
}

export type DueStatus = 'overdue' | 'today' | 'upcoming';

/**
 * A due date against today (both calendar days of the same zone): overdue before today, today on
 * it, upcoming after it. No due date (or an unreadable one) is upcoming: nothing makes it late.
 */
export function dueStatus(due: string | null | undefined, today: string): DueStatus {
  const day = dueDayOf(due);
  if (day === null || day > today) return 'upcoming';
  return day < today ? 'overdue' : 'today';
}

/** `dueStatus` at the instant `at`, with today counted in `timeZone`. */
export function dueStatusAt(due: string | null | undefined, at: Date, timeZone: string): DueStatus {
  return dueStatus(due, dayInZone(at, timeZone));
}
