import type { FastifyBaseLogger } from 'fastify';
import type { SyncService } from './sync.service.js';

/**
 * Collects uploads no file note uses (`collectOrphanFiles`) on a timer: every node runs one,
 * started when the app is ready and stopped when it closes (app.ts), as the reminder mail's
 * timer is. A failing run (the database away) is logged once until one succeeds again and never
 * rejects unhandled (decision 0019).
 */

/** How often each node looks; an orphan lives at most ORPHAN_FILE_MS plus this. */
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function createOrphanFileSweeper(deps: {
  sync: Pick<SyncService, 'collectOrphanFiles'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const { sync, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let failing = false;

  async function run(): Promise<void> {
    try {
      const removed = await sync.collectOrphanFiles();
      if (removed > 0) log.info({ removed }, 'removed uploads no file note uses');
      failing = false;
    } catch (err) {
      if (!failing) log.warn({ err }, 'could not collect unused uploads; trying again later');
      failing = true;
    }
  }

  return {
    start() {
      timer ??= setInterval(() => {
        running ??= run().finally(() => {
          running = undefined;
        });
      }, deps.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS);
      // The timer alone never keeps the process alive.
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
