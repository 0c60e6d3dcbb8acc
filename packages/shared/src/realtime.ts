import { z } from 'zod';
import { RoomMessageSchema, type RoomMessage } from './rooms.js';
import { RoomIdSchema, roomIdField } from './room-id.js';
import type { RoomNotesAccessEnded } from './room-notes.js';
import type {
  FocusControlPayload,
  FocusJoinPayload,
  FocusRecapPayload,
  FocusResult,
  FocusRoomPayload,
  FocusState,
  FocusWatchResult,
} from './focus.js';
import type { SyncPoke } from './sync.js';
import type { WorkspaceChanged } from './workspace.js';
import type { WatchActionPayload, WatchResult, WatchStateEvent } from './watch.js';
import type {
  WhiteboardClearPayload,
  WhiteboardClearResult,
  WhiteboardCleared,
  WhiteboardJoinPayload,
  WhiteboardJoinResult,
  WhiteboardPeerLeft,
  WhiteboardPointerPayload,
  WhiteboardPointerReceived,
  WhiteboardUpdatePayload,
  WhiteboardUpdateReceived,
  WhiteboardUpdateResult,
} from './whiteboard.js';

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
 */

// ---------------------------------------------------------------------------------------------
// Constants.

/** At most 8 sockets in one call: mesh video is practical for a handful of people. */
export const CALL_LIMIT = 8;

export const REALTIME_LIMITS = {
  /** Chat text after trimming: 1 to 2000 characters. */
  chatTextMax: 2000,
  /** A client-made chat message id (a UUID fits): 1 to 64 of A-Z a-z 0-9 _ -. */
  clientIdMax: 64,
  /**
   * A session description. A browser's offer for audio and video with every codec it knows is
   * about 6 KB; with a screen share, simulcast and a dozen candidates inlined real ones reach
   * 15 KB. 32 KB is twice that, and keeps what one relay can make the server hold small (a
   * 60 KB "offer" is no browser's).
   */
  sdpMax: 32 * 1024,
  /** One ICE candidate line: real ones (IPv6, mDNS name, TURN relay) are under 300 characters. */
  candidateMax: 1024,
  /** A display name in a payload (ignored by the server, which uses the account name). */
  nameMax: 100,
  /** A socket id (`to`). */
  socketIdMax: 64,
  /** Chat history page size: default and maximum. */
  historyDefault: 200,
  historyMax: 200,
} as const;

/**
 * Per-socket chat rate limit, a token bucket: `burst` messages at once, refilled at `perSecond`.
 * The server multiplies both by its rate-limit factor (RATE_LIMIT_FACTOR).
 */
export const CHAT_RATE_LIMIT = { burst: 20, perSecond: 5 } as const;

/**
 * Sockets one account may hold open at once, all server nodes together (times RATE_LIMIT_FACTOR):
 * a student with a dozen tabs on a laptop and a phone beside it stays well under it; the 26th
 * connection is refused with TOO_MANY_CONNECTIONS.
 */
export const MAX_SOCKETS_PER_USER = 25;

/** A limit on one client event: a token bucket per socket and a fixed window per account. */
export interface RealtimeEventLimit {
  /** Per socket, in the server's memory: `burst` at once, refilled at `perSecond`. */
  perSocket: { burst: number; perSecond: number };
  /** Per account across every socket and node (in Redis when there is one). */
  perUser: { max: number; windowMs: number };
  /** What a refusal says (`REALTIME_MESSAGES` key); the code is always RATE_LIMITED. */
  message: 'chatRateLimited' | 'callRateLimited' | 'eventRateLimited';
}

/**
 * Every client event's rate limits, in one table (docs/decisions/0016-socket-limits.md says why
 * each number). All of them are multiplied by the server's RATE_LIMIT_FACTOR. They are sized for
 * a person: a call start sends a few offers and a burst of ICE candidates to each of up to seven
 * peers, a person toggles the mic or raises a hand a few times a second at most, and several tabs
 * of one account share the per-account windows.
 */
export const REALTIME_EVENT_LIMITS = {
  // Each join tells everyone in the call (user-joined) and the room (call-presence): joining
  // and leaving is what bounds that fan-out.
  'join-room': {
    perSocket: { burst: 6, perSecond: 0.2 },
    perUser: { max: 30, windowMs: 60_000 },
    message: 'callRateLimited',
  },
  // Leaving only fans out after a join, so it is looser: a leave is never what a person waits on.
  'leave-room': {
    perSocket: { burst: 12, perSecond: 0.5 },
    perUser: { max: 60, windowMs: 60_000 },
    message: 'callRateLimited',
  },
  // A room page subscribes once per visit and after each reconnect.
  'join-chat': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  'leave-chat': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // One offer and answer per peer at the start, then one per renegotiation (a screen share, a
  // camera switch, an ICE restart), times seven peers, times crossed offers.
  offer: {
    perSocket: { burst: 40, perSecond: 4 },
    perUser: { max: 300, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  answer: {
    perSocket: { burst: 40, perSecond: 4 },
    perUser: { max: 300, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // A browser gathers 5-30 candidates per peer (host per interface, server-reflexive, one per
  // TURN transport) within a second or two, seven peers at once, and again on an ICE restart.
  'ice-candidate': {
    perSocket: { burst: 400, perSecond: 40 },
    perUser: { max: 3000, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // Mic, camera, hand and screen toggles, plus one announcement to each newcomer.
  'peer-state': {
    perSocket: { burst: 20, perSecond: 4 },
    perUser: { max: 240, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // A page's clock takes 5 samples when it opens and 3 every 30 s (clock.ts); a few pages at once.
  'clock-sync': {
    perSocket: { burst: 20, perSecond: 2 },
    perUser: { max: 300, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
  // Watch together (watch.ts): a room page or the call's panel follows the room's video once per
  // visit and after each reconnect, like join-chat.
  'watch-join': {
    perSocket: { burst: 20, perSecond: 1 },
    perUser: { max: 120, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
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
  // A fast typist sends a message every second or two; the outbox may flush a backlog at once.
  'chat-message': {
    perSocket: CHAT_RATE_LIMIT,
    perUser: { max: 40, windowMs: 10_000 },
    message: 'chatRateLimited',
  },
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
  // Clearing the board is a rare, deliberate act of the owner or an admin.
  'whiteboard-clear': {
    perSocket: { burst: 3, perSecond: 0.2 },
    perUser: { max: 10, windowMs: 60_000 },
    message: 'eventRateLimited',
  },
} as const satisfies Record<keyof ClientToServerEvents, RealtimeEventLimit>;

/** Codes a socket error or refused acknowledgement carries (HTTP's codes plus the call's own). */
export const REALTIME_ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  internal: 'INTERNAL',
  /** The call already holds CALL_LIMIT participants. */
  callFull: 'CALL_FULL',
  /** The event needs the socket to be in the room's call (or chat) first. */
  notInRoom: 'NOT_IN_ROOM',
  /** `to` names a socket that is not in the same call. */
  peerNotFound: 'PEER_NOT_FOUND',
  /** The account already holds MAX_SOCKETS_PER_USER open sockets (a refused connection). */
  tooManyConnections: 'TOO_MANY_CONNECTIONS',
} as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[keyof typeof REALTIME_ERROR_CODES];

/** The sentences the live room shows for its own errors. */
export const REALTIME_MESSAGES = {
  callFull: `This call is full (${CALL_LIMIT} people). You can still use the chat.`,
  chatRateLimited: 'You are sending messages too fast. Please wait a moment.',
  callRateLimited: 'You are joining and leaving the call too quickly. Please wait a moment.',
  eventRateLimited: 'Too many requests from this connection. Please wait a moment.',
  tooManyConnections:
    'This account has too many open tabs or devices connected. Close some and try again.',
  chatTextRequired: 'Message cannot be empty',
  chatTextTooLong: `Message must be at most ${REALTIME_LIMITS.chatTextMax} characters long`,
  invalidPayload: 'Invalid message from the client.',
  notInRoom: 'Join the room first.',
  peerNotFound: 'That participant is not in this call.',
  removedFromRoom: 'You are no longer a member of this room.',
  roomClosed: 'This room has been deleted.',
  internal: 'Something went wrong. Please try again.',
} as const;

// ---------------------------------------------------------------------------------------------
// Acknowledgements and errors.

/** A refused event: a machine code and a sentence for people. */
export const AckErrorSchema = z.object({
  ok: z.literal(false),
  code: z.string(),
  message: z.string(),
});
export type AckError = z.infer<typeof AckErrorSchema>;

/** Every acknowledgement: `{ok: true, ...result}` or `{ok: false, code, message}`. */
export type Ack<T extends object = Record<never, never>> = ({ ok: true } & T) | AckError;
/** The callback a client passes as an event's last argument. */
export type AckCallback<T extends object = Record<never, never>> = (response: Ack<T>) => void;

/** `server-error`: an event was refused and it carried no acknowledgement callback. */
export const ServerErrorPayloadSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The client event that was refused, when known. */
  event: z.string().optional(),
  roomId: z.string().optional(),
});
export type ServerErrorPayload = z.infer<typeof ServerErrorPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Payload schemas (client to server). The server parses every payload with these.

/**
 * A participant is addressed by its socket id (base64url characters). Channel names (`call:...`,
 * `chat:...`, `user:...`) all contain a colon, so `to` can never name a whole call or room.
 */
const socketIdField = z
  .string({ error: 'to must be a participant id' })
  .min(1, 'to must be a participant id')
  .max(REALTIME_LIMITS.socketIdMax, 'to must be a participant id')
  .regex(/^[A-Za-z0-9_-]+$/, 'to must be a participant id');
const nameField = z.string().max(REALTIME_LIMITS.nameMax).optional();

/** `join-room` (the call join). `name` is accepted but the account's name is what others see. */
export const JoinRoomPayloadSchema = z.object({ roomId: RoomIdSchema, name: nameField });
export type JoinRoomPayload = z.input<typeof JoinRoomPayloadSchema>;

/** `leave-room` (leaves the call and the chat channel) and `join-chat` / `leave-chat`. */
export const RoomRefPayloadSchema = z.object({ roomId: RoomIdSchema });

/** `clock-sync` carries nothing; the answer is the server's `Date.now()` (clock.ts). */
export const ClockSyncPayloadSchema = z.object({}).strict();
export type ClockSyncPayload = z.input<typeof ClockSyncPayloadSchema>;
export interface ClockSyncResult {
  serverTime: number;
}
export type RoomRefPayload = z.input<typeof RoomRefPayloadSchema>;

/**
 * A session description: the RTCSessionDescriptionInit a browser produces, or its bare SDP text
 * (either is relayed unchanged).
 */
export const SdpSchema = z.union([
  z.string().max(REALTIME_LIMITS.sdpMax, 'sdp is too large'),
  z.object({
    type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
    sdp: z.string().max(REALTIME_LIMITS.sdpMax, 'sdp is too large').optional(),
  }),
]);
export type Sdp = z.infer<typeof SdpSchema>;

/** An RTCIceCandidateInit, or null for the end of candidates. */
export const IceCandidateSchema = z
  .object({
    candidate: z.string().max(REALTIME_LIMITS.candidateMax, 'candidate is too large').optional(),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .nullable();
export type IceCandidate = z.infer<typeof IceCandidateSchema>;

export const OfferPayloadSchema = z.object({ to: socketIdField, sdp: SdpSchema, name: nameField });
export type OfferPayload = z.input<typeof OfferPayloadSchema>;
export const AnswerPayloadSchema = z.object({ to: socketIdField, sdp: SdpSchema });
export type AnswerPayload = z.input<typeof AnswerPayloadSchema>;
export const IceCandidatePayloadSchema = z.object({
  to: socketIdField,
  candidate: IceCandidateSchema,
});
export type IceCandidatePayload = z.input<typeof IceCandidatePayloadSchema>;

/** The media and hand state a participant announces (docs/product.md §7.9). */
export const PeerStateSchema = z.object({
  muted: z.boolean(),
  videoOff: z.boolean(),
  hand: z.boolean(),
  /** Showing a screen in place of the camera. */
  sharing: z.boolean().optional(),
});
export type PeerState = z.infer<typeof PeerStateSchema>;

/** `peer-state` sent: `{roomId, muted, videoOff, hand}` (and optionally `sharing`). */
export const PeerStatePayloadSchema = PeerStateSchema.extend({ roomId: RoomIdSchema });
export type PeerStatePayload = z.input<typeof PeerStatePayloadSchema>;

/** A client-made chat message id: the key by which retries are de-duplicated. */
export const ClientMessageIdSchema = z
  .string()
  .min(1)
  .max(REALTIME_LIMITS.clientIdMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'id must be letters, digits, _ or -');

/** Chat text: trimmed, 1 to 2000 characters. */
export const ChatTextSchema = z
  .string({ error: REALTIME_MESSAGES.chatTextRequired })
  // A cheap bound before trimming, so a megabyte of spaces is refused without being copied.
  .max(REALTIME_LIMITS.chatTextMax * 2, REALTIME_MESSAGES.chatTextTooLong)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, REALTIME_MESSAGES.chatTextRequired)
      .max(REALTIME_LIMITS.chatTextMax, REALTIME_MESSAGES.chatTextTooLong),
  );

/**
 * `chat-message` sent: `{roomId, text, name, at, self}` (docs/product.md §8.1) plus an optional
 * client-made `id`. Send the same id again when retrying: the server stores the message once and
 * answers the stored copy. `name`, `at` and `self` are ignored (the server stamps name and time).
 */
export const ChatMessagePayloadSchema = z.object({
  roomId: RoomIdSchema,
  text: ChatTextSchema,
  id: ClientMessageIdSchema.optional(),
  name: z.unknown().optional(),
  at: z.unknown().optional(),
  self: z.unknown().optional(),
});
export type ChatMessagePayload = {
  roomId: string;
  text: string;
  id?: string;
  name?: string;
  at?: number;
  self?: boolean;
};

// ---------------------------------------------------------------------------------------------
// Server to client payloads.

/** One participant of a call: `id` is the socket id (several tabs of one user side by side). */
export const CallParticipantSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  /** The last peer state this participant announced, when it announced one. */
  state: PeerStateSchema.optional(),
});
export type CallParticipant = z.infer<typeof CallParticipantSchema>;

/** `user-joined` / `user-left`: `{id, name}` plus the account id. */
export const PeerRefSchema = z.object({ id: z.string(), name: z.string(), userId: z.string() });
export type PeerRef = z.infer<typeof PeerRefSchema>;

/**
 * `user-left`, and why: `left` (leave-room, removed from the room, its session ended) or
 * `disconnected` (its link dropped or its server shut down: it will likely join again with a new
 * socket id, so a client keeps its tile for a while instead of saying it left). Absent reads as
 * `left`.
 */
export const PeerLeftSchema = PeerRefSchema.extend({
  reason: z.enum(['left', 'disconnected']).optional(),
});
export type PeerLeft = z.infer<typeof PeerLeftSchema>;

/** `offer` received; `from` is stamped by the server, never taken from the sender. */
export const OfferReceivedSchema = z.object({ from: z.string(), sdp: SdpSchema, name: z.string() });
export type OfferReceived = z.infer<typeof OfferReceivedSchema>;
export const AnswerReceivedSchema = z.object({ from: z.string(), sdp: SdpSchema });
export type AnswerReceived = z.infer<typeof AnswerReceivedSchema>;
export const IceCandidateReceivedSchema = z.object({
  from: z.string(),
  candidate: IceCandidateSchema,
});
export type IceCandidateReceived = z.infer<typeof IceCandidateReceivedSchema>;

/** `peer-state` received: `{id, muted, videoOff, hand}` (and `sharing` when announced). */
export const PeerStateReceivedSchema = PeerStateSchema.extend({ id: z.string() });
export type PeerStateReceived = z.infer<typeof PeerStateReceivedSchema>;

/**
 * `chat-message` received: the stored message (server id, room, author, text, time in ms) and
 * `clientId`, the id its sender made, so the sender can match its own pending copy.
 */
export const ChatMessageReceivedSchema = RoomMessageSchema.extend({
  clientId: z.string().nullable(),
});
export type ChatMessageReceived = z.infer<typeof ChatMessageReceivedSchema>;

/** Who is in a room's call right now (across every server node). */
export const CallPresenceSchema = z.object({
  roomId: z.string(),
  count: z.number().int(),
  participants: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type CallPresence = z.infer<typeof CallPresenceSchema>;

/** `removed-from-room`: this user lost its membership; the socket left the call and the chat. */
export const RemovedFromRoomSchema = z.object({ roomId: z.string(), message: z.string() });
export type RemovedFromRoom = z.infer<typeof RemovedFromRoomSchema>;

// ---------------------------------------------------------------------------------------------
// Acknowledgement results.

/** `join-room` answered: the socket's own id, the others in the call, and the call limit. */
export type JoinRoomResult = { self: string; users: CallParticipant[]; limit: number };
/** `join-chat` answered: the current call presence. */
export type JoinChatResult = { presence: CallPresence };
/** `chat-message` answered once the message is committed: the stored message. */
export type ChatMessageResult = { message: ChatMessageReceived };

// ---------------------------------------------------------------------------------------------
// Event maps (Socket.IO generics for `Server` and `Socket` on both sides).

/**
 * The types require the acknowledgement callback so that `emitWithAck` infers its answer; at run
 * time the server also accepts an event without one (the client of docs/product.md §9.2 sends none)
 * and then reports errors as `server-error`.
 */
export interface ClientToServerEvents {
  /** Join the room's call (and its chat). Answered with users-in-room, then the ack. */
  'join-room': (payload: JoinRoomPayload, ack: AckCallback<JoinRoomResult>) => void;
  /** Leave the room's call and its chat channel. */
  'leave-room': (payload: RoomRefPayload, ack: AckCallback) => void;
  /** Subscribe to the room's chat and call presence without joining the call. */
  'join-chat': (payload: RoomRefPayload, ack: AckCallback<JoinChatResult>) => void;
  /** Unsubscribe from the room's chat (a socket in the call stays in it). */
  'leave-chat': (payload: RoomRefPayload, ack: AckCallback) => void;
  offer: (payload: OfferPayload, ack: AckCallback) => void;
  answer: (payload: AnswerPayload, ack: AckCallback) => void;
  'ice-candidate': (payload: IceCandidatePayload, ack: AckCallback) => void;
  'peer-state': (payload: PeerStatePayload, ack: AckCallback) => void;
  /** Acknowledged only after the message is committed to the database. */
  'chat-message': (payload: ChatMessagePayload, ack: AckCallback<ChatMessageResult>) => void;
  /** One sample of the server's clock (clock.ts): answered at once with the server's time. */
  'clock-sync': (payload: ClockSyncPayload, ack: AckCallback<ClockSyncResult>) => void;
  /** Follow the room's video (members only): answered with its state (watch.ts). */
  'watch-join': (payload: RoomRefPayload, ack: AckCallback<WatchResult>) => void;
  /** Stop following the room's video. */
  'watch-leave': (payload: RoomRefPayload, ack: AckCallback) => void;
  /** Start, play, pause, seek, change speed or stop the room's video: answered with the new state. */
  'watch-action': (payload: WatchActionPayload, ack: AckCallback<WatchResult>) => void;
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
  /** Delete every shape on the board (the room's owner or an admin); answered once stored. */
  'whiteboard-clear': (
    payload: WhiteboardClearPayload,
    ack: AckCallback<WhiteboardClearResult>,
  ) => void;
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

export interface ServerToClientEvents {
  /** The others already in the call, sent to a socket that joined it. */
  'users-in-room': (users: CallParticipant[]) => void;
  'user-joined': (peer: PeerRef) => void;
  'user-left': (peer: PeerLeft) => void;
  offer: (payload: OfferReceived) => void;
  answer: (payload: AnswerReceived) => void;
  'ice-candidate': (payload: IceCandidateReceived) => void;
  'peer-state': (payload: PeerStateReceived) => void;
  'chat-message': (message: ChatMessageReceived) => void;
  /** Sent to the room's chat channel whenever someone joins or leaves its call. */
  'call-presence': (presence: CallPresence) => void;
  'removed-from-room': (payload: RemovedFromRoom) => void;
  /**
   * Sent to the room's chat channel when its workspace changed (a share, an unshare, a shared
   * record edited or deleted by its owner): members with the room open fetch the list again.
   */
  'workspace-changed': (payload: WorkspaceChanged) => void;
  /**
   * This socket's device session was ended from elsewhere; the server disconnects it right after
   * (docs/product.md §3.8). The client shows the message and goes to sign-in instead of redialling.
   */
  'session-ended': (payload: { code: 'SESSION_ENDED'; message: string }) => void;
  /** An event without an ack callback was refused (bad payload, rate limit, call full ...). */
  'server-error': (payload: ServerErrorPayload) => void;
  /**
   * The user's study data changed on the server (sync.ts): every device and tab of the user, on
   * every node, pulls from its cursor. No content but the newest version.
   */
  'sync-poke': (payload: SyncPoke) => void;
  /**
   * The room's video changed (watch.ts): sent to every socket following it, on every node. Keep
   * the state with the highest `rev`.
   */
  'watch-state': (payload: WatchStateEvent) => void;
  /** Another member's stored whiteboard changes (only elements that won the merge rule). */
  'whiteboard-update': (payload: WhiteboardUpdateReceived) => void;
  /** Another member's pointer on the whiteboard, with their name. */
  'whiteboard-pointer': (payload: WhiteboardPointerReceived) => void;
  /** A socket closed the whiteboard or went away: its pointer goes. */
  'whiteboard-peer-left': (payload: WhiteboardPeerLeft) => void;
  /** The board was cleared: read it again (every member with it open, the one who cleared it too). */
  'whiteboard-cleared': (payload: WhiteboardCleared) => void;
  /**
   * The room's focus timer changed (focus.ts), sent to the room's chat channel: members keep the
   * state with the highest `rev`.
   */
  'focus-state': (state: FocusState) => void;
}

/**
 * Events between server nodes (through the Redis adapter, which also carries room broadcasts).
 * `user-updated`: a user's profile changed; each node refreshes that user's sockets, so what they
 * stamp (the author's name on chat messages, the name in a call) is the current one.
 */
export interface InterServerEvents {
  'user-updated': (user: { id: string; name: string; email: string }) => void;
  /** A deleted room: each node tells its own sockets and takes them out of the room. */
  'room-closed': (roomId: string) => void;
  /**
   * A membership ended: each node takes its own sockets of the user out of the room's channels
   * at once. Then `membership-ended-check`, with an acknowledgement, until every node has
   * answered: that one evicts only while the database still says "not a member".
   */
  'membership-ended': (payload: { roomId: string; userId: string }) => void;
  'membership-ended-check': (
    payload: { roomId: string; userId: string },
    ack: (done: boolean) => void,
  ) => void;
  /** Room notes connections to close on every node (apps/server room-notes.collab.ts). */
  'room-notes-access-ended': (target: RoomNotesAccessEnded) => void;
  /** A room's focus phase now ends at `endsAt` (null: nothing due): each node sets its timer. */
  'focus-scheduled': (payload: { roomId: string; endsAt: number | null }) => void;
}

// ---------------------------------------------------------------------------------------------
// REST shapes that belong to the live room.

export const INVALID_CURSOR_MESSAGE =
  'Invalid cursor: before and after take a message id from this room';

/**
 * A chat history cursor: a message id, a whole number no larger than the largest id the server
 * hands out. Ids are a bigserial read as JavaScript numbers, so none exceeds
 * Number.MAX_SAFE_INTEGER; a larger cursor could only ever be a mistake, and past PostgreSQL's
 * bigint it would fail in the query rather than here.
 */
export const MessageCursorSchema = z
  .string({ error: INVALID_CURSOR_MESSAGE })
  .regex(/^\d{1,16}$/, INVALID_CURSOR_MESSAGE)
  .refine((s) => Number(s) <= Number.MAX_SAFE_INTEGER, INVALID_CURSOR_MESSAGE);

/**
 * Query of `GET /api/rooms/:id/messages`. Without a cursor: the latest `limit` messages. With
 * `before`: the `limit` messages just older than that message id (scrolling back). With `after`:
 * up to `limit` messages newer than that id, oldest first (catching up after a reconnect; repeat
 * with the last id while `hasMore`). Ids are the server's message ids; `before` and `after`
 * cannot be combined. Pages are always oldest first.
 */
export const RoomMessagesQuerySchema = z
  .object({
    before: MessageCursorSchema.optional(),
    after: MessageCursorSchema.optional(),
    limit: z.coerce
      .number({ error: `Limit must be a whole number from 1 to ${REALTIME_LIMITS.historyMax}` })
      .int(`Limit must be a whole number from 1 to ${REALTIME_LIMITS.historyMax}`)
      .min(1, `Limit must be a whole number from 1 to ${REALTIME_LIMITS.historyMax}`)
      .max(
        REALTIME_LIMITS.historyMax,
        `Limit must be a whole number from 1 to ${REALTIME_LIMITS.historyMax}`,
      )
      .optional(),
  })
  .refine((q) => q.before === undefined || q.after === undefined, {
    message: 'Use either before or after, not both',
  });
export type RoomMessagesQuery = z.input<typeof RoomMessagesQuerySchema>;

/**
 * A page of chat history, oldest first. `hasMore`: with `after`, newer messages remain (fetch
 * again from the last id); otherwise older messages remain (fetch again with `before` = the first
 * id). Each message carries `clientId` too.
 */
export const RoomMessagesPageSchema = z.object({
  messages: z.array(ChatMessageReceivedSchema),
  hasMore: z.boolean(),
});
export type RoomMessagesPage = z.infer<typeof RoomMessagesPageSchema>;

/** `GET /api/rooms/:id/presence`: who is in the room's call now (members only). */
export const RoomPresenceResponseSchema = z.object({ presence: CallPresenceSchema });
export type RoomPresenceResponse = z.infer<typeof RoomPresenceResponseSchema>;

/**
 * `GET /api/rooms/presence?ids=a,b,c` (up to 100 ids): call presence for the rooms the caller
 * may see, for room cards. Rooms the caller may not see are left out.
 */
export const RoomsPresenceQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must be a comma-separated list of room ids' })
    .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))].filter((x) => x !== ''))
    .pipe(z.array(roomIdField('ids must be room ids')).max(100, 'At most 100 ids')),
});
export type RoomsPresenceQuery = z.input<typeof RoomsPresenceQuerySchema>;
export const RoomsPresenceResponseSchema = z.object({ presence: z.array(CallPresenceSchema) });
export type RoomsPresenceResponse = z.infer<typeof RoomsPresenceResponseSchema>;

/** Re-exported for readers of this module: the stored message shape history pages extend. */
export type { RoomMessage };
