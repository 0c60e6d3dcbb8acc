import { describe, expect, it } from 'vitest';
import {
  formatDashboardDate,
  greetingBanner,
  greetingForHour,
  hourInTimeZone,
  timeOfDayForHour,
} from './greeting';

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

  it('greets a student in Toronto at 05:17 by their morning, the clock still in Kolkata', () => {
    // 10:17 UTC on 24 November 2026: 05:17 in Toronto (EST), 15:47 in Kolkata.
    const banner = greetingBanner(new Date('2026-11-24T10:17:00Z'), 'America/Toronto');
    expect(banner.greeting).toBe('Good Morning');
    expect(banner.band).toBe('morning');
    expect(banner.dashboardTime).toMatch(/Tuesday, 24 November 2026 · 3:47\s?pm/i);
    expect(banner.localTime).toMatch(/^5:17\s?am/i);
  });

  it("shows no second time where the student's clock reads as Kolkata's", () => {
    const now = new Date('2026-11-24T10:17:00Z');
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'Asia/Colombo']) {
      const banner = greetingBanner(now, zone);
      expect(banner.greeting).toBe('Good Afternoon');
      expect(banner.localTime).toBeNull();
    }
  });

  it('the greeting follows the local hour at the band edges, not the Kolkata one', () => {
    // 16:59 UTC is 22:29 in Kolkata (night) but 16:59 in London (afternoon), 17:00 a minute on.
    expect(greetingBanner(new Date('2026-01-10T16:59:00Z'), 'Europe/London').greeting).toBe(
      'Good Afternoon',
    );
    expect(greetingBanner(new Date('2026-01-10T17:00:00Z'), 'Europe/London').greeting).toBe(
      'Good Evening',
    );
    expect(greetingBanner(new Date('2026-01-10T16:59:00Z'), 'Asia/Kolkata').greeting).toBe(
      'Good Night',
    );
  });
});
