import { describe, expect, it } from 'vitest';
import { DAILY_MESSAGES, DAILY_QUOTES } from './daily-words';
import { dateKeyInZone, dayOfYear, daysBetween, pickForDay } from './day-of-year';

describe('days in Asia/Kolkata', () => {
  it('turns a moment into its Kolkata calendar date', () => {
    // 18:29 UTC is 23:59 in Kolkata; 18:30 UTC is already the next day there.
    expect(dateKeyInZone(new Date('2026-03-10T18:29:59Z'))).toBe('2026-03-10');
    expect(dateKeyInZone(new Date('2026-03-10T18:30:00Z'))).toBe('2026-03-11');
    // The same moment is still the 10th in New York.
    expect(dateKeyInZone(new Date('2026-03-10T18:30:00Z'), 'America/New_York')).toBe('2026-03-10');
  });

  it('counts whole days between dates, across months, years and leap days', () => {
    expect(daysBetween('2026-03-10', '2026-03-11')).toBe(1);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-11', '2026-03-10')).toBe(-1);
  });

  it('numbers days of the year from 1 January in Kolkata', () => {
    expect(dayOfYear(new Date('2026-01-01T00:00:00+05:30'))).toBe(1);
    // 31 December 20:00 UTC is already 1 January in Kolkata.
    expect(dayOfYear(new Date('2025-12-31T20:00:00Z'))).toBe(1);
    expect(dayOfYear(new Date('2025-12-31T18:00:00Z'))).toBe(365);
    expect(dayOfYear(new Date('2024-12-31T12:00:00+05:30'))).toBe(366);
  });
});

describe('daily quote and message (docs/product.md §4.2)', () => {
  it('has 8 quotes and 7 messages', () => {
    expect(DAILY_QUOTES).toHaveLength(8);
    expect(DAILY_MESSAGES).toHaveLength(7);
  });

  it('picks by day of year in Kolkata, cycling through the list', () => {
    const jan1 = new Date('2026-01-01T09:00:00+05:30');
    const jan8 = new Date('2026-01-08T09:00:00+05:30');
    const jan9 = new Date('2026-01-09T09:00:00+05:30');
    expect(pickForDay(DAILY_QUOTES, jan1)).toBe(DAILY_QUOTES[0]);
    expect(pickForDay(DAILY_QUOTES, jan8)).toBe(DAILY_QUOTES[7]);
    expect(pickForDay(DAILY_QUOTES, jan9)).toBe(DAILY_QUOTES[0]);
    expect(pickForDay(DAILY_MESSAGES, jan8)).toBe(DAILY_MESSAGES[0]);
    expect(pickForDay(DAILY_MESSAGES, jan9)).toBe(DAILY_MESSAGES[1]);
  });

  it('changes at midnight in Kolkata, not at midnight UTC', () => {
    const before = new Date('2026-01-01T18:29:00Z'); // 23:59 on 1 January in Kolkata
    const after = new Date('2026-01-01T18:31:00Z'); // 00:01 on 2 January in Kolkata
    expect(pickForDay(DAILY_QUOTES, before)).toBe(DAILY_QUOTES[0]);
    expect(pickForDay(DAILY_QUOTES, after)).toBe(DAILY_QUOTES[1]);
  });
});
