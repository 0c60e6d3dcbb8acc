/**
 * One task at a time per key, in the order they were handed over, within this process: `serial(key,
 * task)` starts `task` once every earlier task for `key` has settled. A key holds a queue only
 * while a task of its own waits or runs.
 *
 * For writes guarded by a revision (`UPDATE ... WHERE rev = $read`): people acting on one room at
 * the same moment would otherwise race each other on the same node, and with enough of them one
 * loses every retry. Queued per room, a node's writes never collide; only writes from other nodes
 * can, and the caller's retries cover those.
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function serial<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}
