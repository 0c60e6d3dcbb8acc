import {
  CALL_EVENT_LIMITS,
  type CallClientEvents,
  type CallServerEvents,
} from './realtime/call.js';
import {
  CHAT_EVENT_LIMITS,
  type ChatClientEvents,
  type ChatServerEvents,
} from './realtime/chat.js';
import { CLOCK_EVENT_LIMITS, type ClockClientEvents } from './realtime/clock.js';
import type { ConnectionInterServerEvents, ConnectionServerEvents } from './realtime/connection.js';
import type { RealtimeEventLimit } from './realtime/contract.js';
import {
  FOCUS_EVENT_LIMITS,
  type FocusClientEvents,
  type FocusInterServerEvents,
  type FocusServerEvents,
} from './realtime/focus.js';
import type { RoomNotesInterServerEvents } from './realtime/room-notes.js';
import type { RoomsServerEvents } from './realtime/rooms.js';
import type { SyncServerEvents } from './realtime/sync.js';
import {
  WATCH_EVENT_LIMITS,
  type WatchClientEvents,
  type WatchServerEvents,
} from './realtime/watch.js';
import {
  WHITEBOARD_EVENT_LIMITS,
  type WhiteboardClientEvents,
  type WhiteboardServerEvents,
} from './realtime/whiteboard.js';
import type { WorkspaceServerEvents } from './realtime/workspace.js';

/**
 * The real-time contract (docs/product.md §9.2, docs/architecture.md "Real-time contract"): the
 * Socket.IO event maps both apps are typed with, a zod schema with size caps for every payload the
 * server receives, the one acknowledgement shape, and the REST shapes that go with the live room
 * (chat history pages, call presence).
 *
 * Two channels per room:
 * - the room's chat channel: `join-chat` (or `join-room`) subscribes a member's socket to
 *   `chat-message` and `call-presence`;
 * - the room's call: `join-room` (the call join of docs/product.md §9.2) also puts the socket in
 *   the call, where offer/answer/ice-candidate, peer-state, user-joined and user-left travel. A
 *   call holds at most CALL_LIMIT sockets; a refused call join (CALL_FULL) still subscribes the
 *   socket to the chat.
 *
 * Every client event accepts an optional acknowledgement callback as its last argument. When one is
 * given, the answer (success or error) goes there; when none is given, an error is sent as a
 * `server-error` event instead. The payloads of docs/product.md §9.2 stay valid as they are: extra
 * fields the server does not use (`name`, `at`, `self`) are accepted and ignored, because the
 * server stamps the sender's id, name and time itself.
 *
 * Each module's events, payload schemas and limits live in one file of `realtime/`; this file only
 * composes them (docs/architecture.md "Real-time contract" gives the naming rule for new events).
 */

export * from './realtime/contract.js';
export * from './realtime/call.js';
export * from './realtime/chat.js';
export * from './realtime/clock.js';
export * from './realtime/connection.js';
export * from './realtime/focus.js';
export * from './realtime/room-notes.js';
export * from './realtime/rooms.js';
export * from './realtime/sync.js';
export * from './realtime/watch.js';
export * from './realtime/whiteboard.js';
export * from './realtime/workspace.js';

// ---------------------------------------------------------------------------------------------
// Event maps (Socket.IO generics for `Server` and `Socket` on both sides).

/**
 * The types require the acknowledgement callback so that `emitWithAck` infers its answer; at run
 * time the server also accepts an event without one (the client of docs/product.md §9.2 sends none)
 * and then reports errors as `server-error`.
 */
export interface ClientToServerEvents
  extends
    CallClientEvents,
    ChatClientEvents,
    ClockClientEvents,
    WatchClientEvents,
    WhiteboardClientEvents,
    FocusClientEvents {}

export interface ServerToClientEvents
  extends
    CallServerEvents,
    ChatServerEvents,
    ConnectionServerEvents,
    WorkspaceServerEvents,
    SyncServerEvents,
    RoomsServerEvents,
    WatchServerEvents,
    WhiteboardServerEvents,
    FocusServerEvents {}

/** Events between server nodes (through the Redis adapter, which also carries room broadcasts). */
export interface InterServerEvents
  extends ConnectionInterServerEvents, RoomNotesInterServerEvents, FocusInterServerEvents {}

/**
 * Every client event's rate limits, in one table (docs/decisions/0016-socket-limits.md says why
 * each number). All of them are multiplied by the server's RATE_LIMIT_FACTOR. They are sized for
 * a person: a call start sends a few offers and a burst of ICE candidates to each of up to seven
 * peers, a person toggles the mic or raises a hand a few times a second at most, and several tabs
 * of one account share the per-account windows.
 */
export const REALTIME_EVENT_LIMITS = {
  ...CALL_EVENT_LIMITS,
  ...CHAT_EVENT_LIMITS,
  ...CLOCK_EVENT_LIMITS,
  ...WATCH_EVENT_LIMITS,
  ...FOCUS_EVENT_LIMITS,
  ...WHITEBOARD_EVENT_LIMITS,
} as const satisfies Record<keyof ClientToServerEvents, RealtimeEventLimit>;
