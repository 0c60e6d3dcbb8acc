import type { FastifyBaseLogger } from 'fastify';
import type { FocusService } from './focus.service.js';

/**
 * Ends focus phases on time, on every node (docs/decisions/0034-focus-sessions.md). Each node
 * keeps one timer per room with a running phase: set at start from the database, and again
 * whenever a room's timer changes (on this node directly, from other nodes through the Redis
 * adapter's server-side events, focus.socket.ts). When it fires, the node asks the service to
 * make the due transition; the guarded UPDATE lets one node win and makes the others' attempts
 * read the new state and do nothing. A sweep every 30 s catches anything a lost message or a
 * paused process missed, and a read of a room's state catches up by itself anyway.
 */

export const FOCUS_SWEEP_MS = 30_000;
/** setTimeout's ceiling (about 24.8 days); no phase comes near it. */
const MAX_DELAY_MS = 2 ** 31 - 1;

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's focus timers (app.ts); tests call `sweep()` after moving their clock. */
    focusTimers: FocusScheduler;
  }
}

export interface FocusScheduler {
  /** Sets the room's timer from this node's clock; null clears it. */
  schedule(roomId: string, endsAt: number | null): void;
  /** Sets every running room's timer from the database, then sweeps every interval. */
  start(): Promise<void>;
  /** Makes every due transition now. */
  sweep(): Promise<void>;
  /** Clears the timers and waits for transitions under way. */
  stop(): Promise<void>;
}

export function createFocusScheduler(deps: {
  focus: Pick<FocusService, 'advance' | 'due' | 'running'>;
  log: FastifyBaseLogger;
  now?: () => number;
  sweepMs?: number;
}): FocusScheduler {
  const { focus, log } = deps;
  const now = deps.now ?? (() => Date.now());
  const sweepMs = deps.sweepMs ?? FOCUS_SWEEP_MS;
  const timers = new Map<string, NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let sweeper: NodeJS.Timeout | undefined;
  let closing = false;
  let failing = false;

  /** Runs a transition, never rejecting: failures are logged once until one succeeds again. */
  function track<T>(work: Promise<T>): Promise<T | undefined> {
    const run = work.then(
      (value) => {
        if (failing) log.info('focus timers work again');
        failing = false;
        return value;
      },
      (err: unknown) => {
        if (!failing) log.error({ err }, 'focus timer failed; the sweep will try again');
        failing = true;
        return undefined;
      },
    );
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  }

  function schedule(roomId: string, endsAt: number | null): void {
    clearTimeout(timers.get(roomId));
    timers.delete(roomId);
    if (endsAt === null || closing) return;
    // A millisecond late rather than early: at the end itself the phase is due.
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, endsAt - now() + 1));
    const timer = setTimeout(() => {
      timers.delete(roomId);
      void track(focus.advance(roomId)).then((next) => {
        // A change publishes focus-changed, which sets the next timer; when nothing changed (this
        // node's clock ran ahead of another's, or another node won) keep watching the same end.
        if (next !== undefined && next !== null && !timers.has(roomId)) schedule(roomId, next);
      });
    }, delay);
    // The timers alone never keep the process alive.
    timer.unref();
    timers.set(roomId, timer);
  }

  async function sweep(): Promise<void> {
    const due = await track(focus.due());
    for (const roomId of due ?? []) {
      if (closing) return;
      await track(focus.advance(roomId));
    }
  }

  return {
    schedule,
    sweep,
    async start() {
      const running = await track(focus.running());
      for (const { roomId, endsAt } of running ?? []) schedule(roomId, endsAt);
      sweeper = setInterval(() => void sweep(), sweepMs);
      sweeper.unref();
    },
    async stop() {
      closing = true;
      clearInterval(sweeper);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight);
    },
  };
}
