import { freePort } from '@studycircle/test-kit';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from './rate-limiter.js';

/**
 * The Redis limiter without Redis: limits keep holding, counted in this node's memory, and every
 * call answers at once; the switch is logged once. Redis running is covered by the auth rate-limit
 * tests (CI's Redis pass) and redis-outage.test.ts.
 */

describe('the Redis rate limiter while Redis is unreachable', () => {
  it('counts in memory, answers at once, and says so once', async () => {
    const redis = new Redis(await freePort(), '127.0.0.1', {
      retryStrategy: () => 60_000,
      commandTimeout: 2000,
    });
    redis.on('error', () => {});
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => warnings.push(msg), info: () => {} };
    const limiter = createRedisRateLimiter(redis, 'test:', log);
    try {
      const started = Date.now();
      expect(await limiter.hit('k', 60_000)).toBe(1);
      expect(await limiter.hit('k', 60_000)).toBe(2);
      expect(await limiter.count('k')).toBe(2);
      expect(await limiter.msUntilReset('k')).toBeGreaterThan(59_000);
      await limiter.restart('k', 1000);
      expect(await limiter.count('k')).toBe(1);
      await limiter.reset('k');
      expect(await limiter.count('k')).toBe(0);
      expect(Date.now() - started).toBeLessThan(500);
      expect(warnings).toHaveLength(1);
    } finally {
      await limiter.close();
      redis.disconnect();
    }
  });
});
