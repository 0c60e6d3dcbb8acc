/**
 * Group commit: calls that arrive while a batch is being written wait and go out together as the
 * next batch, so under load many small writes become a few larger statements (one round trip,
 * one commit), while a call on an idle server is written at once, without waiting for company.
 *
 * A failed batch of several is retried one call at a time, so one bad call (a row whose room was
 * deleted a moment ago) fails alone instead of failing everything that happened to travel with it.
 */
export interface GroupCommitOptions<I = unknown> {
  /** Most calls in one batch. */
  maxBatch?: number;
  /** Batches written at once; more arrive while they are in flight and wait for the next. */
  maxInFlight?: number;
  /**
   * Most weight in one batch, by `weigh` (bytes, say): large items go in smaller batches, so a
   * statement's parameters stay bounded. A batch always takes at least one item.
   */
  maxBatchWeight?: number;
  weigh?: (item: I) => number;
}

export function groupCommit<I, O>(
  writeBatch: (items: I[]) => Promise<O[]>,
  {
    maxBatch = 200,
    maxInFlight = 1,
    maxBatchWeight = Infinity,
    weigh = () => 0,
  }: GroupCommitOptions<I> = {},
): (item: I) => Promise<O> {
  interface Waiting {
    item: I;
    resolve(result: O): void;
    reject(err: unknown): void;
  }
  const queue: Waiting[] = [];
  let inFlight = 0;

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const results = await writeBatch(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as O));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      for (const w of batch) {
        try {
          const [result] = await writeBatch([w.item]);
          w.resolve(result as O);
        } catch (single) {
          w.reject(single);
        }
      }
    }
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      let take = 0;
      let weight = 0;
      while (take < Math.min(maxBatch, queue.length)) {
        weight += weigh(queue[take]!.item);
        if (take > 0 && weight > maxBatchWeight) break;
        take += 1;
      }
      const batch = queue.splice(0, take);
      inFlight += 1;
      void write(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
