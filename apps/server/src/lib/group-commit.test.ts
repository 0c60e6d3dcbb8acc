import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('groupCommit', () => {
  it('writes a lone call at once, and batches what arrives while a write is in flight', async () => {
    const batches: number[][] = [];
    const gate = deferred();
    const write = groupCommit(async (items: number[]) => {
      batches.push(items);
      if (batches.length === 1) await gate.promise;
      return items.map((n) => n * 10);
    });
    const first = write(1);
    expect(batches).toEqual([[1]]);
    const rest = [write(2), write(3), write(4)];
    expect(batches).toHaveLength(1);
    gate.resolve();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches to the largest size', async () => {
    const sizes: number[] = [];
    const write = groupCommit(
      async (items: number[]) => {
        sizes.push(items.length);
        await Promise.resolve();
        return items;
      },
      { maxBatch: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map(write));
    expect(sizes).toEqual([1, 2, 2]);
  });

  it('retries a failed batch one call at a time, so only the bad call fails', async () => {
    const gate = deferred();
    let calls = 0;
    const write = groupCommit(async (items: number[]) => {
      calls += 1;
      if (calls === 1) await gate.promise;
      if (items.includes(13)) throw new Error('bad row');
      return items;
    });
    const first = write(1);
    const batch = [write(12), write(13), write(14)].map((p) =>
      p.then(
        (v) => ({ ok: v }),
        (e: Error) => ({ err: e.message }),
      ),
    );
    gate.resolve();
    await first;
    expect(await Promise.all(batch)).toEqual([{ ok: 12 }, { err: 'bad row' }, { ok: 14 }]);
  });

  it('keeps batches under their weight, taking one item over it alone', async () => {
    const batches: number[][] = [];
    const write = groupCommit(
      async (items: number[]) => {
        batches.push(items);
        await Promise.resolve();
        return items;
      },
      { maxBatchWeight: 10, weigh: (n) => n },
    );
    await Promise.all([1, 4, 5, 2, 30, 3].map(write));
    expect(batches).toEqual([[1], [4, 5], [2], [30], [3]]);
  });
});
