import { describe, expect, it } from 'vitest';
import { localDayAndHour, longDay, nextDay } from './local-day.js';

describe('local days for the reminder mail', () => {
  it('one instant is a different day and hour in Toronto and in Kolkata', () => {
    const at = new Date('2030-03-10T02:30:00Z');
    expect(localDayAndHour(at, 'America/Toronto')).toEqual({ day: '2030-03-09', hour: 21 });
    expect(localDayAndHour(at, 'Asia/Kolkata')).toEqual({ day: '2030-03-10', hour: 8 });
  });

  it('follows daylight saving (Toronto moves to UTC-4 on 10 March 2030)', () => {
    expect(localDayAndHour(new Date('2030-03-09T12:00:00Z'), 'America/Toronto').hour).toBe(7);
    expect(localDayAndHour(new Date('2030-03-11T12:00:00Z'), 'America/Toronto').hour).toBe(8);
  });

  it('counts midnight as hour 0, not 24', () => {
    expect(localDayAndHour(new Date('2030-01-01T00:00:00Z'), 'UTC')).toEqual({
      day: '2030-01-01',
      hour: 0,
    });
  });

  it('steps over month and year ends and leap days', () => {
    expect(nextDay('2030-01-31')).toBe('2030-02-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2030-12-31')).toBe('2031-01-01');
  });

  it('prints a day as the mail shows it', () => {
    expect(longDay('2030-03-11')).toBe('Monday 11 March');
  });
});
