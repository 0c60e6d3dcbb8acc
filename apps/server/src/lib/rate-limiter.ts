import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for rate limits. In memory for one node; in Redis when REDIS_URL is set
 * so that every node counts the same attempts. Hand-written because the limits here need keys
 * that combine IP and e-mail and count only failures, which @fastify/rate-limit cannot express.
 */
export interface RateLimiter {
  /**
   * Adds one hit (or `amount`, e.g. bytes) to `key` and returns the total in the current window.
   */
  hit(key: string, windowMs: number, amount?: number): Promise<number>;
  /** Hits in the current window, without adding one. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  /** Milliseconds until the current window of `key` ends; 0 when there is none. */
  msUntilReset(key: string): Promise<number>;
  /** Starts a fresh window of `windowMs` for `key` holding one hit, replacing any current one. */
  restart(key: string, windowMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A limit: at most `max` counted events per window of `windowMs`. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // Expired windows are dropped on a timer so that the map cannot grow without bound.
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > now() ? w : undefined;
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const w = current(key);
      if (w) return (w.count += amount);
      windows.set(key, { count: amount, resetAt: now() + windowMs });
      return amount;
    },
    async count(key) {
      return current(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async msUntilReset(key) {
      const w = current(key);
      return w ? w.resetAt - now() : 0;
    },
    async restart(key, windowMs) {
      windows.set(key, { count: 1, resetAt: now() + windowMs });
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/**
 * Counters in Redis, shared by every node. While Redis cannot be reached (not connected, or a
 * command fails or times out) each node counts in its own memory instead and says so once in
 * the log: the limits keep holding per node (a client spreading attempts over N nodes gets up
 * to N times the limit) rather than failing open or failing every request. Counts taken during
 * an outage stay in memory; Redis's resume where they were. docs/decisions/0019-redis-outages.md.
 */
export function createRedisRateLimiter(
  redis: Redis,
  prefix = 'sc:rl:',
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): RateLimiter {
  const memory = createMemoryRateLimiter();
  let closed = false;
  let degraded = false;

  async function either<T>(viaRedis: () => Promise<T>, viaMemory: () => Promise<T>): Promise<T> {
    // Not connected: straight to memory, without waiting for the command timeout.
    if (!closed && redis.status === 'ready') {
      try {
        const result = await viaRedis();
        if (degraded) {
          degraded = false;
          log?.info({}, 'rate limits counted in Redis again');
        }
        return result;
      } catch (err) {
        if (!degraded && !closed) {
          log?.warn(
            { err },
            "rate limits counted in this node's memory while Redis is unavailable",
          );
        }
        degraded = true;
      }
    } else if (!degraded && !closed) {
      degraded = true;
      log?.warn({}, "rate limits counted in this node's memory while Redis is unavailable");
    }
    return viaMemory();
  }

  return {
    hit: (key, windowMs, amount = 1) =>
      either(
        async () => {
          const k = prefix + key;
          // INCRBY then set the expiry only for a new window (NX), atomically in one round trip.
          const [[err, count]] = (await redis
            .multi()
            .incrby(k, amount)
            .pexpire(k, windowMs, 'NX')
            .exec()) as [[Error | null, number], unknown];
          if (err) throw err;
          return count;
        },
        () => memory.hit(key, windowMs, amount),
      ),
    count: (key) =>
      either(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => memory.count(key),
      ),
    reset: (key) =>
      either(
        async () => {
          await redis.del(prefix + key);
        },
        () => memory.reset(key),
      ),
    msUntilReset: (key) =>
      either(
        // PTTL answers -2 for a missing key and -1 for one without expiry (never set here).
        async () => Math.max(0, await redis.pttl(prefix + key)),
        () => memory.msUntilReset(key),
      ),
    restart: (key, windowMs) =>
      either(
        async () => {
          await redis.set(prefix + key, 1, 'PX', windowMs);
        },
        () => memory.restart(key, windowMs),
      ),
    // Called before the client is quit (app.ts): from here on nothing is sent to Redis.
    async close() {
      closed = true;
      await memory.close();
    },
  };
}
