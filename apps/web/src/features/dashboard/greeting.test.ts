import { describe, expect, it } from 'vitest';
import { greetingForHour, hourInTimeZone } from './greeting';

describe('dashboard greeting (spec section 9)', () => {
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
});
