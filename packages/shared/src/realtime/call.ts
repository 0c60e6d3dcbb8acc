import { z } from 'zod';
import { RoomIdSchema, roomIdField } from '../room-id.js';
import {
  REALTIME_LIMITS,
  type AckCallback,
  type RealtimeEventLimit,
  type RoomRefPayload,
} from './contract.js';

/**
 * The call's socket contract (apps/server modules/signalling): joining and leaving a room's call,
 * the WebRTC relays addressed to one participant, each participant's media and hand state, and
 * who is in a call (pushed to the room's chat channel, read over REST for room cards).
 */

// ---------------------------------------------------------------------------------------------
// Payload schemas (client to server).

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

/** Who is in a room's call right now (across every server node). */
export const CallPresenceSchema = z.object({
  roomId: z.string(),
  count: z.number().int(),
  participants: z.array(z.object({ userId: z.string(), name: z.string() })),
});
export type CallPresence = z.infer<typeof CallPresenceSchema>;

/**
 * One raised hand in a call's queue: who (socket id, account, name) and `at`, the server's time in
 * ms when the hand went up. The server assigns `at` under the room's lock, strictly after every
 * hand already in the queue, so it is also the room's sequence (docs/decisions/0063).
 */
export const RaisedHandSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  at: z.number().int().nonnegative(),
});
export type RaisedHand = z.infer<typeof RaisedHandSchema>;

/**
 * `hand-queue-state` received: the call's raised hands, first raised first. Sent to the whole call after
 * each raise or lower (and when someone with a raised hand leaves), and to a newcomer when it
 * joins. Position in the queue is the index plus one; everyone sees the same list.
 */
export const HandQueueSchema = z.object({
  roomId: z.string(),
  hands: z.array(RaisedHandSchema),
});
export type HandQueue = z.infer<typeof HandQueueSchema>;

/** `join-room` answered: the socket's own id, the others in the call, and the call limit. */
export type JoinRoomResult = { self: string; users: CallParticipant[]; limit: number };

// ---------------------------------------------------------------------------------------------
// Events.

export interface CallClientEvents {
  /** Join the room's call (and its chat). Answered with users-in-room, then the ack. */
  'join-room': (payload: JoinRoomPayload, ack: AckCallback<JoinRoomResult>) => void;
  /** Leave the room's call and its chat channel. */
  'leave-room': (payload: RoomRefPayload, ack: AckCallback) => void;
  offer: (payload: OfferPayload, ack: AckCallback) => void;
  answer: (payload: AnswerPayload, ack: AckCallback) => void;
  'ice-candidate': (payload: IceCandidatePayload, ack: AckCallback) => void;
  'peer-state': (payload: PeerStatePayload, ack: AckCallback) => void;
}

export interface CallServerEvents {
  /** The others already in the call, sent to a socket that joined it. */
  'users-in-room': (users: CallParticipant[]) => void;
  'user-joined': (peer: PeerRef) => void;
  'user-left': (peer: PeerLeft) => void;
  offer: (payload: OfferReceived) => void;
  answer: (payload: AnswerReceived) => void;
  'ice-candidate': (payload: IceCandidateReceived) => void;
  'peer-state': (payload: PeerStateReceived) => void;
  /** Sent to the room's chat channel whenever someone joins or leaves its call. */
  'call-presence': (presence: CallPresence) => void;
  /** The call's raised hands in the order they went up (docs/decisions/0063). */
  'hand-queue-state': (queue: HandQueue) => void;
}

export const CALL_EVENT_LIMITS = {
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
} as const satisfies Record<keyof CallClientEvents, RealtimeEventLimit>;

// ---------------------------------------------------------------------------------------------
// REST shapes.

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
