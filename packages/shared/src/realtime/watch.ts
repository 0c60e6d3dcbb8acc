import type { WatchActionPayload, WatchResult, WatchStateEvent } from '../watch.js';
import type { AckCallback, RealtimeEventLimit, RoomRefPayload } from './contract.js';

/** Watch together's socket contract; its payload schemas are in ../watch.ts. */

export interface WatchClientEvents {
  /** Follow the room's video (members only): answered with its state (watch.ts). */
  'watch-join': (payload: RoomRefPayload, ack: AckCallback<WatchResult>) => void;
  /** Stop following the room's video. */
  'watch-leave': (payload: RoomRefPayload, ack: AckCallback) => void;
  /** Start, play, pause, seek, change speed or stop the room's video: answered with the new state. */
  'watch-action': (payload: WatchActionPayload, ack: AckCallback<WatchResult>) => void;
}

export interface WatchServerEvents {
  /**
   * The room's video changed (watch.ts): sent to every socket following it, on every node. Keep
   * the state with the highest `rev`.
   */
  'watch-state': (payload: WatchStateEvent) => void;
}

export const WATCH_EVENT_LIMITS = {
  // Watch together (watch.ts): a room page or the call's panel follows the room's video once per
  // visit and after each reconnect, like join-chat.
  'watch-join': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'watch-leave': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // Play, pause, a seek, a speed: a person clicking fast, or holding an arrow key on the
  // position slider (the player sends one seek when the key is let go or after a pause).
  'watch-action': {
    perSocket: { burst: 20, perSecond: 4 },
    perUser: { max: 240, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
} as const satisfies Record<keyof WatchClientEvents, RealtimeEventLimit>;
