import {
  CLOCK_INITIAL_SAMPLES,
  CLOCK_REFRESH_MS,
  CLOCK_REFRESH_SAMPLES,
  bestClockSample,
  clockSample,
  type ClockSample,
} from '@studycircle/shared';
import type { AppSocket } from '../socket';

/**
 * The server's clock as this tab knows it (packages/shared/src/clock.ts): a few `clock-sync`
 * samples when the socket connects (again after every reconnect, which may land on another node),
 * three more every 30 s, and the offset of the quickest. `now()` answers the local time until the
 * first sample arrives; `ready` says when the offset is measured.
 */
export interface ServerClock {
  /** Server time in ms (Date.now() plus the measured offset). */
  now(): number;
  /** The measured offset, or undefined before the first sample. */
  offset(): number | undefined;
  /** Called when the offset changes (a better or fresher sample). Returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  stop(): void;
}

const SAMPLE_TIMEOUT_MS = 3000;
/** Samples kept to compare (the newest ones). */
const MAX_SAMPLES = 12;

export function createServerClock(socket: AppSocket): ServerClock {
  let samples: ClockSample[] = [];
  let best: ClockSample | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  async function sampleOnce(): Promise<void> {
    const sent = Date.now();
    const answer = await socket.timeout(SAMPLE_TIMEOUT_MS).emitWithAck('clock-sync', {});
    const received = Date.now();
    if (!answer.ok) return;
    samples = [...samples, clockSample(sent, answer.serverTime, received)].slice(-MAX_SAMPLES);
    const next = bestClockSample(samples, received);
    if (next && next.offset !== best?.offset) {
      best = next;
      for (const listener of listeners) listener();
    }
  }

  async function takeSamples(count: number): Promise<void> {
    for (let i = 0; i < count && !stopped && socket.connected; i++) {
      // A lost or refused sample is just skipped: the next one, or the next round, will do.
      await sampleOnce().catch(() => undefined);
    }
  }

  const onConnect = () => {
    // Another node, maybe another clock: measure afresh.
    samples = [];
    void takeSamples(CLOCK_INITIAL_SAMPLES);
  };
  socket.on('connect', onConnect);
  if (socket.connected) onConnect();
  timer = setInterval(() => void takeSamples(CLOCK_REFRESH_SAMPLES), CLOCK_REFRESH_MS);

  return {
    now: () => Date.now() + (best?.offset ?? 0),
    offset: () => best?.offset,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      socket.off('connect', onConnect);
      if (timer) clearInterval(timer);
      timer = undefined;
      listeners.clear();
    },
  };
}
