/**
 * Group commit: items added while a batch is being written wait and go together in the next
 * batch, so under load many writes share one statement, one round trip and one commit (one WAL
 * flush) instead of each paying for its own. An item arriving when nothing is in flight is
 * written at once: batching never adds a wait of its own.
 *
 * Guarantees the callers rely on (the chat acknowledges a message only after its commit):
 * - each `add` settles only once the batch holding its item has settled: resolved with that
 *   item's result after `run` resolved, rejected with `run`'s error if it failed;
 * - batches run one at a time in the order items were added, and `run` gets them in that order,
 *   so results come back (and callers resume) in arrival order.
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
}

interface Pending<In, Out> {
  item: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

export function createGroupCommit<In, Out>(options: GroupCommitOptions<In, Out>) {
  const { run, maxBatch, isItemError } = options;
  let queue: Pending<In, Out>[] = [];
  let writing = false;

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

  async function drain(): Promise<void> {
    writing = true;
    while (queue.length > 0) {
      let batch = queue;
      if (batch.length > maxBatch) {
        queue = batch.slice(maxBatch);
        batch = batch.slice(0, maxBatch);
      } else {
        queue = [];
      }
      await write(batch);
    }
    writing = false;
  }

  return {
    /** Queues `item` for the next batch; resolves with its result once that batch committed. */
    add(item: In): Promise<Out> {
      return new Promise<Out>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

export type GroupCommit<In, Out> = ReturnType<typeof createGroupCommit<In, Out>>;
