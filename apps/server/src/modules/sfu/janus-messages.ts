import { z } from 'zod';

/**
 * What Janus sends over its websocket API, as Zod schemas: janus-client.ts parses every message
 * with these before using it (docs/decisions/0050-how-the-server-talks-to-janus.md). Objects are
 * loose (a newer Janus adds fields), but every field we read is checked. Plugin data stays a
 * record here; videoroom.ts parses it with the VideoRoom's own schemas.
 */

/**
 * Session, handle and (numeric) room and participant ids. Janus draws its own below 2^53 so that
 * JavaScript clients read them exactly; a larger one would be rounded, so it is refused.
 */
export const JanusIdSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A session description going to or coming from Janus. */
export const JsepSchema = z.looseObject({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().min(1),
});
export type Jsep = z.infer<typeof JsepSchema>;

export const PluginDataSchema = z.looseObject({
  plugin: z.string(),
  data: z.record(z.string(), z.unknown()),
});

const Transaction = z.string();

const SuccessSchema = z.looseObject({
  janus: z.literal('success'),
  transaction: Transaction,
  session_id: JanusIdSchema.optional(),
  sender: JanusIdSchema.optional(),
  /** `create` and `attach` answer the new session's or handle's id here. */
  data: z.looseObject({ id: JanusIdSchema }).optional(),
  /** A synchronous plugin request answers here. */
  plugindata: PluginDataSchema.optional(),
});

const ErrorSchema = z.looseObject({
  janus: z.literal('error'),
  transaction: Transaction.optional(),
  session_id: JanusIdSchema.optional(),
  error: z.looseObject({ code: z.number().int(), reason: z.string() }),
});

const AckSchema = z.looseObject({
  janus: z.literal('ack'),
  transaction: Transaction,
  session_id: JanusIdSchema.optional(),
});

const ServerInfoSchema = z.looseObject({
  janus: z.literal('server_info'),
  transaction: Transaction,
  version: z.number().int(),
  version_string: z.string(),
  'session-timeout': z.number().int().optional(),
  'reclaim-session-timeout': z.number().int().optional(),
  plugins: z.record(z.string(), z.unknown()).optional(),
});

/** A plugin's event: the answer to an asynchronous request (same transaction) or unsolicited. */
const EventSchema = z.looseObject({
  janus: z.literal('event'),
  transaction: Transaction.optional(),
  session_id: JanusIdSchema,
  sender: JanusIdSchema,
  plugindata: PluginDataSchema,
  jsep: JsepSchema.optional(),
});

const HandleEventBase = { session_id: JanusIdSchema, sender: JanusIdSchema };

const WebrtcUpSchema = z.looseObject({ janus: z.literal('webrtcup'), ...HandleEventBase });

const MediaSchema = z.looseObject({
  janus: z.literal('media'),
  ...HandleEventBase,
  type: z.enum(['audio', 'video']),
  receiving: z.boolean(),
  mid: z.string().optional(),
});

const SlowlinkSchema = z.looseObject({
  janus: z.literal('slowlink'),
  ...HandleEventBase,
  uplink: z.boolean(),
  media: z.enum(['audio', 'video']).optional(),
  mid: z.string().optional(),
  lost: z.number().optional(),
});

const HangupSchema = z.looseObject({
  janus: z.literal('hangup'),
  ...HandleEventBase,
  reason: z.string().optional(),
});

const DetachedSchema = z.looseObject({ janus: z.literal('detached'), ...HandleEventBase });

/** The session was destroyed by Janus for lack of keepalives. */
const TimeoutSchema = z.looseObject({ janus: z.literal('timeout'), session_id: JanusIdSchema });

/** Janus's own candidates, sent only when it runs full-trickle (ours does half-trickle). */
const TrickleSchema = z.looseObject({
  janus: z.literal('trickle'),
  ...HandleEventBase,
  candidate: z.unknown(),
});

export const JanusMessageSchema = z.discriminatedUnion('janus', [
  SuccessSchema,
  ErrorSchema,
  AckSchema,
  ServerInfoSchema,
  EventSchema,
  WebrtcUpSchema,
  MediaSchema,
  SlowlinkSchema,
  HangupSchema,
  DetachedSchema,
  TimeoutSchema,
  TrickleSchema,
]);
export type JanusMessage = z.infer<typeof JanusMessageSchema>;
export type JanusServerInfo = z.infer<typeof ServerInfoSchema>;
export type JanusPluginData = z.infer<typeof PluginDataSchema>;
