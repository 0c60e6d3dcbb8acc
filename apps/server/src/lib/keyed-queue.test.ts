import { describe, expect, it } from 'vitest';
import { keyedQueue } from './keyed-queue.js';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyedQueue', () => {
  it('runs one task at a time per key, in order, and keys side by side', async () => {
    const serial = keyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (key: string, n: number, ms: number) =>
      serial(key, async () => {
        running += key === 'a' ? 1 : 0;
        most = Math.max(most, running);
        log.push(`${key}${n} start`);
        await later(ms);
        log.push(`${key}${n} end`);
        running -= key === 'a' ? 1 : 0;
        return n;
      });
    const results = await Promise.all([task('a', 1, 20), task('a', 2, 1), task('b', 1, 1)]);
    expect(results).toEqual([1, 2, 1]);
    expect(most).toBe(1);
    // a2 waits for a1 although it is quicker; b1 does not wait for a.
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('goes on after a task fails, and the failure reaches only its own caller', async () => {
    const serial = keyedQueue();
    const failed = serial('a', async () => {
      throw new Error('lost');
    });
    const next = serial('a', async () => 'next');
    await expect(failed).rejects.toThrow('lost');
    await expect(next).resolves.toBe('next');
  });
});
