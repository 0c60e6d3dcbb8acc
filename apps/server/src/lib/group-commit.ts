/**
 * Group commit: items added while earlier ones are being written wait and go together in the next
 * batch, so under load many writes share one statement, one round trip and one commit (one WAL
 * flush) instead of each paying for its own. An item that finds a free slot is written at once:
 * batching never adds a wait of its own.
 *
 * Guarantees the callers rely on (the chat acknowledges a message only after its commit):
 * - each `add` settles only once the batch holding its item has settled: resolved with that
 *   item's result after `run` resolved, rejected with `run`'s error if it failed;
 * - items with the same key (a chat room) are never in two batches written at once, and `run`
 *   gets a batch's items in the order they were added, so each key's items are written, and
 *   their callers resume, in arrival order. Different keys may be written side by side, up to
 *   `concurrency` batches at once (each on its own connection, as single inserts were).
 */

export interface GroupCommitOptions<In, Out> {
  /** Writes a batch, committed when it resolves; one result per item, in the items' order. */
  run: (items: In[]) => Promise<Out[]>;
  /** The most items in one batch (a bound on the statement's size). */
  maxBatch: number;
  /**
   * True for an error that belongs to one item and left nothing written (a constraint failing):
   * a batch of several that fails this way is run again item by item, so only the bad item's
   * caller sees the error. Any other error (a lost connection) fails the whole batch.
   */
  isItemError?: (err: unknown) => boolean;
  /** How many batches may be written at once; 1 (the default) writes everything in order. */
  concurrency?: number;
  /** Items with the same key keep their order; by default all items share one key. */
  keyOf?: (item: In) => string;
}

interface Pending<In, Out> {
  item: In;
  key: string;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

export function createGroupCommit<In, Out>(options: GroupCommitOptions<In, Out>) {
  const { run, maxBatch, isItemError, concurrency = 1, keyOf = () => '' } = options;
  let queue: Pending<In, Out>[] = [];
  let writing = 0;
  /** Keys with a batch being written: their next items wait, which keeps each key in order. */
  const busy = new Set<string>();

  async function write(batch: Pending<In, Out>[]): Promise<void> {
    let results: Out[];
    try {
      results = await run(batch.map((p) => p.item));
      if (results.length !== batch.length) {
        throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      }
    } catch (err) {
      if (batch.length > 1 && isItemError?.(err)) {
        for (const pending of batch) await write([pending]);
        return;
      }
      for (const pending of batch) pending.reject(err);
      return;
    }
    batch.forEach((pending, i) => pending.resolve(results[i]!));
  }

  /** Starts batches while a slot is free and some queued item's key is not being written. */
  function pump(): void {
    while (writing < concurrency && queue.length > 0) {
      const batch: Pending<In, Out>[] = [];
      const rest: Pending<In, Out>[] = [];
      const keys = new Set<string>();
      for (const pending of queue) {
        // Once an item is left behind, later items of its key see it busy or the batch full.
        if (batch.length < maxBatch && !busy.has(pending.key)) {
          batch.push(pending);
          keys.add(pending.key);
        } else {
          rest.push(pending);
        }
      }
      if (batch.length === 0) return;
      queue = rest;
      for (const key of keys) busy.add(key);
      writing += 1;
      void write(batch).then(() => {
        writing -= 1;
        for (const key of keys) busy.delete(key);
        pump();
      });
    }
  }

  return {
    /** Queues `item` for the next batch; resolves with its result once that batch committed. */
    add(item: In): Promise<Out> {
      return new Promise<Out>((resolve, reject) => {
        queue.push({ item, key: keyOf(item), resolve, reject });
        pump();
      });
    },
  };
}

export type GroupCommit<In, Out> = ReturnType<typeof createGroupCommit<In, Out>>;
