import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * One join at a time per call, so that counting who is in the call and joining it are one step:
 * otherwise two people joining at once both see seven others and the call holds nine (the
 * 8-person limit, docs/product.md §7.10). Within a process, joins to a room queue behind each
 * other. With Redis (several nodes) a node also holds a short-lived Redis lock on the room while it
 * counts and joins, so a join on another node waits for it; the count itself already spans the
 * nodes (`fetchSockets` through the Redis adapter).
 *
 * The Redis lock is the single-instance pattern from the Redis docs (SET NX PX, released only by
 * its holder): a node that dies while holding it frees the room when the lock expires.
 */

/** How long a held Redis lock lives at most: a count and a join take milliseconds. */
const LOCK_TTL_MS = 5_000;
/** How long a join waits for the lock before giving up with an error. */
const WAIT_MS = 10_000;
const RETRY_MS = 15;

/** Deletes the key only if it still holds our token. */
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export type SeatLock = <T>(roomId: string, work: () => Promise<T>) => Promise<T>;

export function createSeatLock(redis: Redis | undefined): SeatLock {
  /** The tail of each room's queue of joins in this process. */
  const queues = new Map<string, Promise<unknown>>();

  async function holdingRedisLock<T>(roomId: string, work: () => Promise<T>): Promise<T> {
    if (!redis) return work();
    const key = `call-seat:${roomId}`;
    const token = randomBytes(12).toString('hex');
    const giveUpAt = Date.now() + WAIT_MS;
    // While Redis is away no node can see the others' calls either (the count goes through it),
    // so the join fails at once with an error the caller reports, rather than waiting or
    // letting a tenth person in. A command that fails or times out (lib/redis.ts) rejects the
    // same way. docs/decisions/0019-redis-outages.md.
    if (redis.status !== 'ready') {
      throw new Error(`call seat lock for ${roomId} not acquired: Redis is ${redis.status}`);
    }
    while ((await redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
      if (Date.now() > giveUpAt) throw new Error(`call seat lock for ${roomId} not acquired`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    try {
      return await work();
    } finally {
      await redis.eval(RELEASE_SCRIPT, 1, key, token).catch(() => undefined);
    }
  }

  return (roomId, work) => {
    const previous = queues.get(roomId) ?? Promise.resolve();
    const run = previous.then(
      () => holdingRedisLock(roomId, work),
      () => holdingRedisLock(roomId, work),
    );
    const tail = run.catch(() => undefined);
    queues.set(roomId, tail);
    // Forget an idle room's queue, so a long-running node does not keep one per room ever used.
    void tail.then(() => {
      if (queues.get(roomId) === tail) queues.delete(roomId);
    });
    return run;
  };
}
