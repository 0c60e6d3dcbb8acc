import { describe, expect, it } from 'vitest';
import { formatDashboardDate, greetingForHour, hourInTimeZone, timeOfDayForHour } from './greeting';

describe('dashboard greeting (docs/product.md §4.1)', () => {
  it.each([
    [5, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [16, 'Good Afternoon'],
    [17, 'Good Evening'],
    [20, 'Good Evening'],
    [21, 'Good Night'],
    [0, 'Good Night'],
    [4, 'Good Night'],
  ])('hour %i reads %s', (hour, greeting) => {
    expect(greetingForHour(hour)).toBe(greeting);
  });

  it('reads the hour in Asia/Kolkata (UTC+5:30)', () => {
    expect(hourInTimeZone(new Date('2025-03-03T00:00:00Z'))).toBe(5);
    expect(hourInTimeZone(new Date('2025-03-03T18:29:00Z'))).toBe(23);
    expect(hourInTimeZone(new Date('2025-03-03T18:30:00Z'))).toBe(0);
  });

  it.each([
    [4, 'night'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [16, 'afternoon'],
    [17, 'evening'],
    [20, 'evening'],
    [21, 'night'],
    [23, 'night'],
    [0, 'night'],
  ])('the icon at hour %i is %s', (hour, band) => {
    expect(timeOfDayForHour(hour)).toBe(band);
  });

  it('covers every hour with exactly the product greetings', () => {
    const seen = new Set(Array.from({ length: 24 }, (_, h) => greetingForHour(h)));
    expect([...seen].sort()).toEqual([
      'Good Afternoon',
      'Good Evening',
      'Good Morning',
      'Good Night',
    ]);
  });

  it('writes the date and time in India Standard Time, whatever the browser zone', () => {
    // 20:00 UTC on 3 March is 01:30 on 4 March in Kolkata.
    const text = formatDashboardDate(new Date('2025-03-03T20:00:00Z'));
    expect(text).toMatch(/Tuesday, 4 March 2025/);
    expect(text).toMatch(/1:30\s?am/i);
  });
});
