import { addDays } from '@studycircle/shared';

/**
 * Calendar days and hours in a student's own time zone, for the reminder mail: which day it is
 * there, whether it is past the sending hour yet, and the next day. Days are yyyy-mm-dd strings,
 * the form a task's due date takes (docs/product.md §11.4). The web counts the student's day in the
 * same saved zone (docs/decisions/0062); the day's arithmetic is the shared one.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). */
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The local day (yyyy-mm-dd) and hour (0-23) at `at` in `timeZone`; throws on an unknown zone. */
export function localDayAndHour(at: Date, timeZone: string): { day: string; hour: number } {
  const parts: Record<string, string> = {};
  for (const part of formatFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The day after a yyyy-mm-dd day (calendar arithmetic: no zone, no daylight saving). */
export const nextDay = (day: string): string => addDays(day, 1);

/** "Monday, 3 March" for a yyyy-mm-dd day, as the mail prints it. */
export function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}
