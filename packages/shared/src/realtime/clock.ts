import { z } from 'zod';
import type { AckCallback, RealtimeEventLimit } from './contract.js';

/** The shared clock's socket contract: one sample of the server's time (../clock.ts). */

/** `clock-sync` carries nothing; the answer is the server's `Date.now()` (clock.ts). */
export const ClockSyncPayloadSchema = z.object({}).strict();
export type ClockSyncPayload = z.input<typeof ClockSyncPayloadSchema>;
export interface ClockSyncResult {
  serverTime: number;
}

export interface ClockClientEvents {
  /** One sample of the server's clock (clock.ts): answered at once with the server's time. */
  'clock-sync': (payload: ClockSyncPayload, ack: AckCallback<ClockSyncResult>) => void;
}

export const CLOCK_EVENT_LIMITS = {
  // A page's clock takes 5 samples when it opens and 3 every 30 s (clock.ts); a few pages at once.
  'clock-sync': {
    perSocket: { burst: 20, perSecond: 2 },
    perUser: { max: 300, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
} as const satisfies Record<keyof ClockClientEvents, RealtimeEventLimit>;
