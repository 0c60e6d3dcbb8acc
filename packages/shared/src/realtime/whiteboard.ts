import type {
  WhiteboardClearPayload,
  WhiteboardClearResult,
  WhiteboardCleared,
  WhiteboardFollowPayload,
  WhiteboardFollowed,
  WhiteboardJoinPayload,
  WhiteboardJoinResult,
  WhiteboardPeerLeft,
  WhiteboardPointerPayload,
  WhiteboardPointerReceived,
  WhiteboardUpdatePayload,
  WhiteboardUpdateReceived,
  WhiteboardUpdateResult,
  WhiteboardViewPayload,
  WhiteboardViewReceived,
} from '../whiteboard.js';
import type { AckCallback, RealtimeEventLimit, RoomRefPayload } from './contract.js';

/** The whiteboard's socket contract; its payload schemas are in ../whiteboard.ts. */

export interface WhiteboardClientEvents {
  /** Subscribe to the room's whiteboard and read a page of it (whiteboard.ts). */
  'whiteboard-join': (
    payload: WhiteboardJoinPayload,
    ack: AckCallback<WhiteboardJoinResult>,
  ) => void;
  /** Stop receiving the room's whiteboard. */
  'whiteboard-leave': (payload: RoomRefPayload, ack: AckCallback) => void;
  /** Changed elements; answered once stored, with the server's copy of those that lost. */
  'whiteboard-update': (
    payload: WhiteboardUpdatePayload,
    ack: AckCallback<WhiteboardUpdateResult>,
  ) => void;
  /**
   * This member's pointer on the board. Browsers send it without a callback (a lost pointer is
   * replaced by the next one 33 ms later); a refusal then comes back as `server-error`.
   */
  'whiteboard-pointer': (payload: WhiteboardPointerPayload, ack?: AckCallback) => void;
  /** Start or stop following another screen's view on the board. */
  'whiteboard-follow': (payload: WhiteboardFollowPayload, ack: AckCallback) => void;
  /**
   * The part of the board this screen shows, while someone follows it; sent without a callback
   * (the next one replaces a lost one), like a pointer.
   */
  'whiteboard-view': (payload: WhiteboardViewPayload, ack?: AckCallback) => void;
  /** Delete every shape on the board (the room's owner or an admin); answered once stored. */
  'whiteboard-clear': (
    payload: WhiteboardClearPayload,
    ack: AckCallback<WhiteboardClearResult>,
  ) => void;
}

export interface WhiteboardServerEvents {
  /** Another member's stored whiteboard changes (only elements that won the merge rule). */
  'whiteboard-update': (payload: WhiteboardUpdateReceived) => void;
  /** Another member's pointer on the whiteboard, with their name. */
  'whiteboard-pointer': (payload: WhiteboardPointerReceived) => void;
  /** A socket closed the whiteboard or went away: its pointer goes. */
  'whiteboard-peer-left': (payload: WhiteboardPeerLeft) => void;
  /** A screen started or stopped following this one's view. */
  'whiteboard-followed': (payload: WhiteboardFollowed) => void;
  /** Another screen's view, for the screens that follow it. */
  'whiteboard-view': (payload: WhiteboardViewReceived) => void;
  /** The board was cleared: read it again (every member with it open, the one who cleared it too). */
  'whiteboard-cleared': (payload: WhiteboardCleared) => void;
}

export const WHITEBOARD_EVENT_LIMITS = {
  // Opening the board reads it a page at a time: a full board of 5,000 elements is a few pages;
  // a few tabs and reconnects on top.
  'whiteboard-join': {
    perSocket: { burst: 40, perSecond: 2 },
    perUser: { max: 300, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'whiteboard-leave': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // A browser sends a drawing's changes at most every 50 ms (20 a second); a large paste goes out
  // in several updates at once.
  'whiteboard-update': {
    perSocket: { burst: 60, perSecond: 25 },
    perUser: { max: 3000, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // Pointers: about 30 a second from a moving mouse (Excalidraw's own rate), per open board.
  'whiteboard-pointer': {
    perSocket: { burst: 60, perSecond: 40 },
    perUser: { max: 6000, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // Following starts and stops by a click on someone's avatar.
  'whiteboard-follow': {
    perSocket: { burst: 10, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // A followed screen's view: at most ten a second while it scrolls or zooms.
  'whiteboard-view': {
    perSocket: { burst: 30, perSecond: 15 },
    perUser: { max: 3000, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // Clearing the board is a rare, deliberate act of the owner or an admin.
  'whiteboard-clear': {
    perSocket: { burst: 3, perSecond: 0.2 },
    perUser: { max: 10, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
} as const satisfies Record<keyof WhiteboardClientEvents, RealtimeEventLimit>;
