/**
 * The one date wording of the app (tasks, resources, notes, the dashboard's lists, invitations):
 * the browser's own language at the medium length, "Mar 3, 2026" in American English and
 * "3 Mar 2026" in British, so a student reads dates one way on every page. `locale` is for tests;
 * pages leave it to the browser.
 */
const DAY_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** A moment (ms, Date or ISO string) as a calendar day in the browser's zone; '' when invalid. */
export function formatDay(value: number | string | Date, locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, DAY_FORMAT).format(date);
}

/**
 * A date-only value (yyyy-mm-dd, as a date input gives it) as a calendar day. It is read as that
 * day itself, not as midnight UTC, so it never shows as the day before west of Greenwich.
 */
export function formatDateOnly(value: string, locale?: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return formatDay(value, locale);
  const [, y, m, d] = match;
  return new Intl.DateTimeFormat(locale, { ...DAY_FORMAT, timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))),
  );
}

/** A moment with its time of day (an invitation's expiry), the day worded as `formatDay` does. */
export function formatDateTime(value: number | string | Date, locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return new Intl.DateTimeFormat(locale, { ...DAY_FORMAT, timeStyle: 'short' }).format(date);
}

/** A moment as ms since the epoch; NaN when it cannot be read. */
export function toMillis(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const asNumber = Number(value);
    return Number.isFinite(asNumber) ? asNumber : new Date(value).getTime();
  }
  if (value instanceof Date) return value.getTime();
  return Number.NaN;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * docs/product.md §16.3: relative times read Just now, then minutes, hours, days ago. Under a
 * minute (or a moment slightly in the future, from clock skew) is "Just now"; units are whole and
 * singular when one.
 */
export function relativeTime(then: number, now: number = Date.now()): string {
  const elapsed = now - then;
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'Just now';
  const [amount, unit] =
    elapsed < HOUR
      ? [Math.floor(elapsed / MINUTE), 'minute']
      : elapsed < DAY
        ? [Math.floor(elapsed / HOUR), 'hour']
        : [Math.floor(elapsed / DAY), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'} ago`;
}
