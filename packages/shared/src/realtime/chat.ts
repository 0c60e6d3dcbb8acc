import { z } from 'zod';
import { RoomMessageSchema, type RoomMessage } from '../rooms.js';
import { RoomIdSchema } from '../room-id.js';
import {
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  type AckCallback,
  type RealtimeEventLimit,
  type RoomRefPayload,
} from './contract.js';
import type { CallPresence } from './call.js';

/**
 * The room chat's socket contract (apps/server modules/chat): subscribing a socket to a room's
 * chat channel (which also carries the call's presence), sending and receiving messages, and the
 * REST pages of its history.
 */

/**
 * Per-socket chat rate limit, a token bucket: `burst` messages at once, refilled at `perSecond`.
 * The server multiplies both by its rate-limit factor (RATE_LIMIT_FACTOR).
 */
export const CHAT_RATE_LIMIT = { burst: 20, perSecond: 5 } as const;

// ---------------------------------------------------------------------------------------------
// Payload schemas (client to server).

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

/**
 * `chat-message` received: the stored message (server id, room, author, text, time in ms) and
 * `clientId`, the id its sender made, so the sender can match its own pending copy.
 */
export const ChatMessageReceivedSchema = RoomMessageSchema.extend({
  clientId: z.string().nullable(),
});
export type ChatMessageReceived = z.infer<typeof ChatMessageReceivedSchema>;

/** `join-chat` answered: the current call presence. */
export type JoinChatResult = { presence: CallPresence };
/** `chat-message` answered once the message is committed: the stored message. */
export type ChatMessageResult = { message: ChatMessageReceived };

// ---------------------------------------------------------------------------------------------
// Events.

export interface ChatClientEvents {
  /** Subscribe to the room's chat and call presence without joining the call. */
  'join-chat': (payload: RoomRefPayload, ack: AckCallback<JoinChatResult>) => void;
  /** Unsubscribe from the room's chat (a socket in the call stays in it). */
  'leave-chat': (payload: RoomRefPayload, ack: AckCallback) => void;
  /** Acknowledged only after the message is committed to the database. */
  'chat-message': (payload: ChatMessagePayload, ack: AckCallback<ChatMessageResult>) => void;
}

export interface ChatServerEvents {
  'chat-message': (message: ChatMessageReceived) => void;
}

export const CHAT_EVENT_LIMITS = {
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
  // A fast typist sends a message every second or two; the outbox may flush a backlog at once.
  'chat-message': {
    perSocket: CHAT_RATE_LIMIT,
    perUser: { max: 40, windowMs: 10_000 },
    message: 'chatRateLimited',
  },
} as const satisfies Record<keyof ChatClientEvents, RealtimeEventLimit>;

// ---------------------------------------------------------------------------------------------
// REST shapes.

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

/** Re-exported for readers of this module: the stored message shape history pages extend. */
export type { RoomMessage };
