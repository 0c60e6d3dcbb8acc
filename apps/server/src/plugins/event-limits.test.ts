import { describe, expect, it } from 'vitest';
import { REALTIME_EVENT_LIMITS } from '@studycircle/shared';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { IoSocket } from '../types.js';
import { createEventLimits } from './socket-limits.js';

/**
 * The per-socket token buckets of createEventLimits, on a clock the test moves: each bucket is
 * kept as the time it is full again, which must behave exactly like `burst` tokens refilled at
 * `perSecond` (the per-account windows are tested over real sockets in socket-limits.test.ts).
 */

const unlimitedAccount: RateLimiter = {
  hit: async () => 1,
  close: async () => undefined,
} as unknown as RateLimiter;

function setUp(chatRate?: { burst: number; perSecond: number }) {
  let clock = 1_000_000;
  const limits = createEventLimits({
    rateLimiter: unlimitedAccount,
    factor: 1,
    chatRate,
    now: () => clock,
  });
  const socket = { data: { user: { id: 'u1' } } } as unknown as IoSocket;
  /** How many of `n` events at this instant pass. */
  const burst = async (event: 'peer-state' | 'chat-message' | 'clock-sync', n: number) => {
    let passed = 0;
    for (let i = 0; i < n; i++) {
      await limits.check(socket, event).then(
        () => (passed += 1),
        () => undefined,
      );
    }
    return passed;
  };
  return { limits, socket, burst, advance: (ms: number) => (clock += ms) };
}

describe('per-socket event buckets', () => {
  it('let a burst through at once, then one event per refill interval', async () => {
    const { burst, advance } = setUp();
    const { burst: size, perSecond } = REALTIME_EVENT_LIMITS['peer-state'].perSocket;
    expect(await burst('peer-state', size + 5)).toBe(size);
    advance(1000 / perSecond - 1);
    expect(await burst('peer-state', 1)).toBe(0);
    advance(1);
    expect(await burst('peer-state', 2)).toBe(1);
  });

  it('refill to the full burst and no further after a quiet spell', async () => {
    const { burst, advance } = setUp();
    const { burst: size } = REALTIME_EVENT_LIMITS['peer-state'].perSocket;
    expect(await burst('peer-state', size)).toBe(size);
    advance(3_600_000);
    expect(await burst('peer-state', size * 2)).toBe(size);
  });

  it('refuse with the limit\u2019s own message, and count each event on its own', async () => {
    const { limits, socket, burst } = setUp({ burst: 2, perSecond: 0.5 });
    expect(await burst('chat-message', 2)).toBe(2);
    await expect(limits.check(socket, 'chat-message')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You are sending messages too fast. Please wait a moment.',
    });
    // Another event has its own bucket.
    expect(await burst('clock-sync', 1)).toBe(1);
  });

  it('keep fractional rates exact: three a second means the fourth waits a third of one', async () => {
    const { burst, advance } = setUp({ burst: 1, perSecond: 3 });
    expect(await burst('chat-message', 2)).toBe(1);
    for (let i = 0; i < 30; i++) {
      advance(333);
      expect(await burst('chat-message', 1)).toBe(0);
      advance(1);
      expect(await burst('chat-message', 1)).toBe(1);
    }
  });
});
