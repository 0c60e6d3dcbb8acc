import { describe, expect, it } from 'vitest';
import { dayInZone, dueDayOf, dueStatus, dueStatusAt } from './student-day.js';

describe("the student's day", () => {
  it('23:00 in Toronto is already the next day in UTC, and still today in Toronto', () => {
    // 28 November 2026, 23:00 in Toronto (EST, UTC-5) is 04:00 UTC on the 29th.
    const at = new Date('2026-11-29T04:00:00Z');
    expect(dayInZone(at, 'UTC')).toBe('2026-11-29');
    expect(dayInZone(at, 'America/Toronto')).toBe('2026-11-28');
    expect(dueStatusAt('2026-11-28', at, 'America/Toronto')).toBe('today');
    expect(dueStatusAt('2026-11-28', at, 'UTC')).toBe('overdue');
  });

  it('one instant is a different day in Kolkata and in Toronto across their midnights', () => {
    // 19:00 in Toronto on the 28th is 05:30 in Kolkata on the 29th.
    const evening = new Date('2026-11-29T00:00:00Z');
    expect(dayInZone(evening, 'America/Toronto')).toBe('2026-11-28');
    expect(dayInZone(evening, 'Asia/Kolkata')).toBe('2026-11-29');
    expect(dueStatusAt('2026-11-28', evening, 'America/Toronto')).toBe('today');
    expect(dueStatusAt('2026-11-28', evening, 'Asia/Kolkata')).toBe('overdue');
    expect(dueStatusAt('2026-11-29', evening, 'America/Toronto')).toBe('upcoming');
    expect(dueStatusAt('2026-11-29', evening, 'Asia/Kolkata')).toBe('today');
    // Midnight in Toronto (05:00 UTC) turns the day there; Kolkata turned it at 18:30 UTC before.
    expect(dayInZone(new Date('2026-11-29T04:59:59Z'), 'America/Toronto')).toBe('2026-11-28');
    expect(dayInZone(new Date('2026-11-29T05:00:00Z'), 'America/Toronto')).toBe('2026-11-29');
    expect(dayInZone(new Date('2026-11-28T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-28');
    expect(dayInZone(new Date('2026-11-28T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-29');
  });

  it('follows daylight saving on the change days, not a fixed offset', () => {
    // Toronto springs forward on 8 March 2026 (UTC-5 to UTC-4) and falls back on 1 November.
    // 00:30 local on 9 March is 04:30 UTC: the winter offset would still call it the 8th.
    expect(dayInZone(new Date('2026-03-09T03:59:59Z'), 'America/Toronto')).toBe('2026-03-08');
    expect(dayInZone(new Date('2026-03-09T04:30:00Z'), 'America/Toronto')).toBe('2026-03-09');
    // 1 November is 25 hours long: its midnight is 05:00 UTC, not 04:00 as in summer.
    expect(dayInZone(new Date('2026-11-02T04:30:00Z'), 'America/Toronto')).toBe('2026-11-01');
    expect(dayInZone(new Date('2026-11-02T05:00:00Z'), 'America/Toronto')).toBe('2026-11-02');
    expect(dueStatusAt('2026-11-01', new Date('2026-11-02T04:30:00Z'), 'America/Toronto')).toBe(
      'today',
    );
  });

  it('classifies due days, with none or an unreadable one as upcoming', () => {
    expect(dueStatus('2026-11-27', '2026-11-28')).toBe('overdue');
    expect(dueStatus('2026-11-28', '2026-11-28')).toBe('today');
    expect(dueStatus('2026-11-28T23:00', '2026-11-28')).toBe('today');
    expect(dueStatus('2026-12-01', '2026-11-28')).toBe('upcoming');
    expect(dueStatus(null, '2026-11-28')).toBe('upcoming');
    expect(dueStatus('soon', '2026-11-28')).toBe('upcoming');
    expect(dueDayOf('2026-11-28T10:00:00Z')).toBe('2026-11-28');
  });

  it('refuses an unknown zone rather than guessing one', () => {
    expect(() => dayInZone(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
