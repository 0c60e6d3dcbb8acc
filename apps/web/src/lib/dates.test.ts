import { describe, expect, it } from 'vitest';
import { formatDateOnly, formatDateTime, formatDay, relativeTime, toMillis } from './dates';

describe('relativeTime (docs/product.md §16.3)', () => {
  const now = Date.UTC(2026, 2, 10, 12, 0, 0);
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [-5_000, 'Just now'],
    [60_000, '1 minute ago'],
    [59 * 60_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 hours ago'],
    [24 * 3_600_000, '1 day ago'],
    [10 * 24 * 3_600_000, '10 days ago'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(relativeTime(now - elapsed, now)).toBe(text);
  });

  it('reads an unreadable moment as Just now rather than NaN', () => {
    expect(relativeTime(Number.NaN, now)).toBe('Just now');
  });
});

describe('date wording', () => {
  it('shows a date-only value as that very day', () => {
    expect(formatDateOnly('2026-03-01', 'en-GB')).toBe('1 Mar 2026');
    expect(formatDateOnly('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
  });

  it("words every date in the browser's language, at one length", () => {
    const moment = new Date(2026, 10, 24, 15, 30);
    expect(formatDay(moment, 'en-GB')).toBe('24 Nov 2026');
    expect(formatDay(moment, 'en-US')).toBe('Nov 24, 2026');
    expect(formatDay(moment, 'de-DE')).toBe('24.11.2026');
    // Without a locale, the browser's: the same words as Intl's own default.
    expect(formatDay(moment)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(moment),
    );
    expect(formatDateOnly('2026-11-24')).toBe(formatDay(moment));
    expect(formatDay('not a date')).toBe('');
  });

  it('adds the time of day where a moment needs it, the day worded the same way', () => {
    const moment = new Date(2026, 11, 1, 9, 5);
    expect(formatDateTime(moment, 'en-US')).toMatch(/^Dec 1, 2026,? 9:05\sAM$/);
    expect(formatDateTime(moment, 'en-GB')).toMatch(/^1 Dec 2026,? 09:05$/);
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('reads ms, numeric strings and ISO strings', () => {
    expect(toMillis(5)).toBe(5);
    expect(toMillis('1700000000000')).toBe(1_700_000_000_000);
    expect(toMillis('2026-01-01T00:00:00.000Z')).toBe(Date.UTC(2026, 0, 1));
    expect(toMillis({})).toBeNaN();
  });
});
