import type {
  FocusControlPayload,
  FocusJoinPayload,
  FocusRecapPayload,
  FocusResult,
  FocusRoomPayload,
  FocusState,
  FocusWatchResult,
} from '../focus.js';
import type { AckCallback, RealtimeEventLimit } from './contract.js';

/** The room focus timer's socket contract; its payload schemas are in ../focus.ts. */

export interface FocusClientEvents {
  /**
   * Watch the room's focus timer (members only): answered with its state; from then on
   * `focus-state` arrives whenever it changes, until `focus-unwatch`.
   */
  'focus-watch': (payload: FocusRoomPayload, ack: AckCallback<FocusWatchResult>) => void;
  /** Stop receiving the room's focus timer. */
  'focus-unwatch': (payload: FocusRoomPayload, ack: AckCallback) => void;
  /** Start, pause, resume, skip or stop the room's focus timer (any member). */
  'focus-control': (payload: FocusControlPayload, ack: AckCallback<FocusResult>) => void;
  /** Take part in the running focus session, with a goal or none (again to change the goal). */
  'focus-join': (payload: FocusJoinPayload, ack: AckCallback<FocusResult>) => void;
  'focus-leave': (payload: FocusRoomPayload, ack: AckCallback<FocusResult>) => void;
  /** After a focus round: the goal is done, or carried over to the next round. */
  'focus-recap': (payload: FocusRecapPayload, ack: AckCallback<FocusResult>) => void;
}

export interface FocusServerEvents {
  /**
   * The room's focus timer changed (focus.ts), sent to the room's chat channel: members keep the
   * state with the highest `rev`.
   */
  'focus-state': (state: FocusState) => void;
}

export interface FocusInterServerEvents {
  /** A room's focus phase now ends at `endsAt` (null: nothing due): each node sets its timer. */
  'focus-scheduled': (payload: { roomId: string; endsAt: number | null }) => void;
}

export const FOCUS_EVENT_LIMITS = {
  // The room's focus timer (focus.ts): a room page or call panel watches once per visit and after
  // each reconnect; the controls, joining and the recap are taps of a person.
  'focus-watch': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'focus-unwatch': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'focus-control': {
    perSocket: { burst: 10, perSecond: 1 },
    perUser: { max: 60, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'focus-join': {
    perSocket: { burst: 10, perSecond: 1 },
    perUser: { max: 60, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'focus-leave': {
    perSocket: { burst: 10, perSecond: 1 },
    perUser: { max: 60, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'focus-recap': {
    perSocket: { burst: 10, perSecond: 1 },
    perUser: { max: 60, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
} as const satisfies Record<keyof FocusClientEvents, RealtimeEventLimit>;
