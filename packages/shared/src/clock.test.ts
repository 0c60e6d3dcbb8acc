import { describe, expect, it } from 'vitest';
import { CLOCK_SAMPLE_MAX_AGE_MS, bestClockSample, clockSample } from './clock.js';

describe('clockSample', () => {
  it('puts the server stamp at the midpoint of the round trip', () => {
    // Sent at 1000 local, answered at 1100 local; the server said 5050 (mid-way is 1050 local).
    expect(clockSample(1000, 5050, 1100)).toEqual({ offset: 4000, rtt: 100, at: 1100 });
  });

  it('never reports a negative round trip (a local clock stepped back mid-sample)', () => {
    expect(clockSample(1000, 2000, 990).rtt).toBe(0);
  });
});

describe('bestClockSample', () => {
  it('keeps the sample with the lowest round trip', () => {
    const samples = [
      clockSample(0, 1040, 80),
      clockSample(100, 1110, 120),
      clockSample(200, 1300, 400),
    ];
    expect(bestClockSample(samples, 400)).toMatchObject({ rtt: 20, offset: 1000 });
  });

  it('lets old samples age out, but never answers nothing when it has samples', () => {
    const old = clockSample(0, 1000, 2);
    const recent = clockSample(10_000, 11_050, 10_100);
    const later = CLOCK_SAMPLE_MAX_AGE_MS + 20_000;
    expect(bestClockSample([old, recent], later)).toBe(recent);
    expect(bestClockSample([old], later)).toBe(old);
    expect(bestClockSample([], later)).toBeUndefined();
  });
});
