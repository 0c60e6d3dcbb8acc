import { z } from 'zod';
import { RoomIdSchema } from '../room-id.js';

/**
 * What every module's socket contract is made of (the modules' files beside this one, composed in
 * ../realtime.ts): the shared caps and sentences, the shape of one event's rate limits, the one
 * acknowledgement shape, and the room reference most events carry.
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

/** `leave-room` (leaves the call and the chat channel) and `join-chat` / `leave-chat`. */
export const RoomRefPayloadSchema = z.object({ roomId: RoomIdSchema });
export type RoomRefPayload = z.input<typeof RoomRefPayloadSchema>;
