import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

/** A `run` the test finishes by hand: each call is recorded with its items until settled. */
function manualRun<T>() {
  const calls: { items: T[]; finish(): void; fail(err: unknown): void }[] = [];
  const run = (items: T[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        items,
        finish: () => resolve(items.map((item) => `done:${String(item)}`)),
        fail: reject,
      });
    });
  return { calls, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('writes a lone item at once and batches what arrives meanwhile, in order', async () => {
    const { calls, run } = manualRun<number>();
    const writer = createGroupCommit({ run, maxBatch: 100 });
    const settled: string[] = [];
    const first = writer.add(1).then((r) => settled.push(r));
    expect(calls.map((c) => c.items)).toEqual([[1]]);

    const rest = [2, 3, 4].map((n) => writer.add(n).then((r) => settled.push(r)));
    await tick();
    // Nothing more starts while the first batch is in flight.
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await first;
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    // Later items wait for their own batch to commit.
    expect(settled).toEqual(['done:1']);
    calls[1]!.finish();
    await Promise.all(rest);
    expect(settled).toEqual(['done:1', 'done:2', 'done:3', 'done:4']);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const { calls, run } = manualRun<number>();
    const writer = createGroupCommit({ run, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => writer.add(n));
    for (let i = 0; i < 3; i++) {
      await tick();
      calls[i]!.finish();
    }
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5].map((n) => `done:${n}`));
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('rejects every item of a failed batch, and the next batch still runs', async () => {
    const { calls, run } = manualRun<number>();
    const writer = createGroupCommit({ run, maxBatch: 100, isItemError: () => false });
    const first = writer.add(1);
    const batch = [2, 3].map((n) => writer.add(n).catch((err: Error) => err.message));
    calls[0]!.finish();
    await first;
    await tick();
    calls[1]!.fail(new Error('connection lost'));
    expect(await Promise.all(batch)).toEqual(['connection lost', 'connection lost']);

    const after = writer.add(4);
    await tick();
    calls[2]!.finish();
    expect(await after).toBe('done:4');
  });

  it('re-runs a batch item by item after an item error, so only the bad item fails', async () => {
    const runs: number[][] = [];
    const writer = createGroupCommit<number, number>({
      run: async (items) => {
        runs.push(items);
        if (items.includes(13)) throw Object.assign(new Error('bad row'), { code: '23503' });
        return items.map((n) => n * 10);
      },
      maxBatch: 100,
      isItemError: (err) => (err as { code?: string }).code === '23503',
    });
    const lone = writer.add(1);
    const batch = [12, 13, 14].map((n) =>
      writer.add(n).catch((err: Error) => `failed: ${err.message}`),
    );
    expect(await lone).toBe(10);
    expect(await Promise.all(batch)).toEqual([120, 'failed: bad row', 140]);
    expect(runs).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });

  it('writes different keys side by side, and keeps each key in order', async () => {
    const { calls, run } = manualRun<string>();
    const writer = createGroupCommit({
      run,
      maxBatch: 100,
      concurrency: 2,
      keyOf: (item: string) => item[0]!,
    });
    const all = ['a1', 'b1', 'a2', 'b2', 'c1', 'a3'].map((item) => writer.add(item));
    // a1 and b1 each take a slot at once; the rest wait, both slots being busy.
    expect(calls.map((c) => c.items)).toEqual([['a1'], ['b1']]);
    calls[0]!.finish();
    await tick();
    // Key b is still being written, so b2 waits; a2, c1 and a3 go together, in order.
    expect(calls.map((c) => c.items)).toEqual([['a1'], ['b1'], ['a2', 'c1', 'a3']]);
    calls[1]!.finish();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([['a1'], ['b1'], ['a2', 'c1', 'a3'], ['b2']]);
    calls[2]!.finish();
    calls[3]!.finish();
    expect(await Promise.all(all)).toEqual(
      ['a1', 'b1', 'a2', 'b2', 'c1', 'a3'].map((item) => `done:${item}`),
    );
  });

  it('fails every item when run returns the wrong number of results', async () => {
    const writer = createGroupCommit<number, number>({ run: async () => [], maxBatch: 10 });
    await expect(writer.add(1)).rejects.toThrow(/0 results for 1 items/);
  });
});
