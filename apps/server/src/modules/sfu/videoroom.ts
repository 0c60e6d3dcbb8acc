import { z } from 'zod';
import {
  JanusError,
  JanusTimeoutError,
  type JanusHandle,
  type JanusHandleEvent,
  type PluginAnswer,
} from './janus-client.js';
import { JanusIdSchema, JsepSchema, type Jsep } from './janus-messages.js';

/**
 * The VideoRoom requests the server uses, typed both ways, over a JanusHandle
 * (docs/decisions/0050-how-the-server-talks-to-janus.md). Written against the documented
 * VideoRoom API of Janus 1.x (multistream): subscriptions name `streams: [{ feed, mid }]`, never
 * the deprecated `feed` join. Every answer is parsed before it is used.
 *
 * Three roles, one handle each:
 * - VideoRoomAdmin: rooms (create, exists, list, destroy) and their participants (list, kick),
 *   with the plugin's `admin_key` and each room's secret;
 * - VideoRoomPublisher: one person's participation and their one upload (join with the room's
 *   pin, publish or renegotiate with an offer, ICE restart, unpublish, leave) and the room's news
 *   (who publishes, who left, who talks);
 * - VideoRoomSubscriber: one PeerConnection carrying any number of feeds (join, start with the
 *   browser's answer, add and remove streams, switch a stream's source, pick a simulcast layer,
 *   ICE restart, leave).
 */

export const VIDEOROOM_PLUGIN = 'janus.plugin.videoroom';

/** VideoRoom error codes we act on (janus_videoroom.c). */
export const VIDEOROOM_ERRORS = {
  noSuchRoom: 426,
  roomExists: 427,
  noSuchFeed: 428,
  /** Without the admin key a create answers "missing mandatory element (admin_key)". */
  missingElement: 429,
  invalidElement: 430,
  publishersFull: 432,
  /** A wrong pin, secret or admin key. */
  unauthorized: 433,
} as const;

// ---------------------------------------------------------------------------------------------
// What the plugin answers.

const StreamSchema = z.looseObject({
  type: z.enum(['audio', 'video', 'data']),
  mindex: z.number().int(),
  mid: z.string(),
  disabled: z.boolean().optional(),
  codec: z.string().optional(),
  description: z.string().optional(),
  simulcast: z.boolean().optional(),
  talking: z.boolean().optional(),
});

/** A participant who publishes, with their streams. */
const FeedSchema = z.looseObject({
  id: JanusIdSchema,
  display: z.string().optional(),
  streams: z.array(StreamSchema).default([]),
  talking: z.boolean().optional(),
});
export type Feed = z.infer<typeof FeedSchema>;

/** One m-line of a subscription, and which publisher's stream feeds it. */
const SubscriptionStreamSchema = z.looseObject({
  mindex: z.number().int(),
  mid: z.string(),
  type: z.enum(['audio', 'video', 'data']),
  feed_id: JanusIdSchema.optional(),
  feed_mid: z.string().optional(),
  feed_display: z.string().optional(),
  send: z.boolean().optional(),
  ready: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type SubscriptionStream = z.infer<typeof SubscriptionStreamSchema>;

const Created = z.looseObject({ videoroom: z.literal('created'), room: JanusIdSchema });
const Destroyed = z.looseObject({ videoroom: z.literal('destroyed'), room: JanusIdSchema });
const Exists = z.looseObject({ videoroom: z.literal('success'), exists: z.boolean() });
const Success = z.looseObject({ videoroom: z.literal('success') });
const RoomSummarySchema = z.looseObject({
  room: JanusIdSchema,
  description: z.string().optional(),
  pin_required: z.boolean().optional(),
  is_private: z.boolean().optional(),
  max_publishers: z.number().int().optional(),
  num_participants: z.number().int().optional(),
});
export type RoomSummary = z.infer<typeof RoomSummarySchema>;
const RoomList = z.looseObject({
  videoroom: z.literal('success'),
  list: z.array(RoomSummarySchema),
});
const ParticipantSchema = z.looseObject({
  id: JanusIdSchema,
  display: z.string().optional(),
  publisher: z.boolean(),
  talking: z.boolean().optional(),
});
export type Participant = z.infer<typeof ParticipantSchema>;
const Participants = z.looseObject({
  videoroom: z.literal('participants'),
  room: JanusIdSchema,
  participants: z.array(ParticipantSchema),
});
const Joined = z.looseObject({
  videoroom: z.literal('joined'),
  room: JanusIdSchema,
  id: JanusIdSchema,
  private_id: JanusIdSchema,
  publishers: z.array(FeedSchema).default([]),
});
/** `configured`, `unpublished`, `leaving`, `started`, `left`... as `"ok"` in an `event`. */
const Ok = (key: string) =>
  z.looseObject({ videoroom: z.literal('event'), [key]: z.literal('ok') });
const Attached = z.looseObject({
  videoroom: z.literal('attached'),
  room: JanusIdSchema,
  streams: z.array(SubscriptionStreamSchema).default([]),
});
const Updated = z.looseObject({
  videoroom: z.literal('updated'),
  streams: z.array(SubscriptionStreamSchema).optional(),
});
/** A renegotiation postponed behind another; the `updated` event follows on its own. */
const Updating = z.looseObject({ videoroom: z.literal('updating') });
const Switched = z.looseObject({
  videoroom: z.literal('event'),
  switched: z.literal('ok'),
  changes: z.number().int().optional(),
  streams: z.array(SubscriptionStreamSchema).default([]),
});

// Unsolicited events of a publisher's handle.
const PublishersEvent = z.looseObject({
  videoroom: z.literal('event'),
  publishers: z.array(FeedSchema),
});
const UnpublishedEvent = z.looseObject({
  videoroom: z.literal('event'),
  unpublished: JanusIdSchema,
});
const LeavingEvent = z.looseObject({
  videoroom: z.literal('event'),
  leaving: JanusIdSchema,
  reason: z.string().optional(),
});
/** Told to whoever was kicked: their own participation ended. */
const KickedEvent = z.looseObject({
  videoroom: z.literal('event'),
  leaving: z.literal('ok'),
  reason: z.literal('kicked'),
});
const KickedOtherEvent = z.looseObject({ videoroom: z.literal('event'), kicked: JanusIdSchema });
const TalkingEvent = z.looseObject({
  videoroom: z.enum(['talking', 'stopped-talking']),
  id: JanusIdSchema,
  'audio-level-dBov-avg': z.number().optional(),
});
const DestroyedEvent = z.looseObject({ videoroom: z.literal('destroyed') });
// Unsolicited events of a subscriber's handle.
const LayerEvent = z.looseObject({
  videoroom: z.literal('event'),
  mid: z.string().optional(),
  substream: z.number().int().optional(),
  temporal: z.number().int().optional(),
});

function parse<T extends z.ZodType>(schema: T, answer: PluginAnswer, request: string): z.infer<T> {
  const parsed = schema.safeParse(answer.data);
  if (!parsed.success) {
    throw new Error(
      `VideoRoom answered ${request} unexpectedly: ${JSON.stringify(answer.data).slice(0, 300)}`,
    );
  }
  return parsed.data;
}

function requireJsep(answer: PluginAnswer, type: Jsep['type'], request: string): Jsep {
  const jsep = JsepSchema.safeParse(answer.jsep);
  if (!jsep.success || jsep.data.type !== type) {
    throw new Error(`VideoRoom answered ${request} without an SDP ${type}`);
  }
  return jsep.data;
}

/** Waits for the handle's next plugin event that `accept` turns into a value. */
function nextPluginEvent<T>(
  handle: JanusHandle,
  accept: (event: Extract<JanusHandleEvent, { type: 'plugin' }>) => T | undefined,
  timeoutMs: number,
  request: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new JanusTimeoutError(request));
    }, timeoutMs);
    const off = handle.on((event) => {
      if (event.type === 'detached') {
        clearTimeout(timer);
        off();
        reject(new JanusError(0, `handle ${event.reason} while waiting for ${request}`));
        return;
      }
      if (event.type !== 'plugin') return;
      const value = accept(event);
      if (value === undefined) return;
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Rooms.

export interface RoomSettings {
  /** A positive integer (the plugin's default numeric ids). */
  room: number;
  /** Needed to destroy the room and kick from it; never leaves the server. */
  secret: string;
  /** Needed to join the room; never leaves the server. */
  pin: string;
  /** How many may publish at once. */
  publishers: number;
  description?: string;
  /** Emit talking / stopped-talking for publishers (the ssrc-audio-level extension). */
  audiolevelEvent?: boolean;
  /** A cap on each publisher's video bitrate (REMB), bits per second. */
  bitrate?: number;
  /** Ask publishers for a keyframe every this many seconds (a late subscriber's first frame). */
  firFreqS?: number;
}

/** Room administration over one handle, with the plugin's admin key when it has one. */
export class VideoRoomAdmin {
  constructor(
    readonly handle: JanusHandle,
    private readonly adminKey: string | undefined,
  ) {}

  /** Creates a private room; rejects with JanusError 427 when it exists. */
  async create(settings: RoomSettings): Promise<void> {
    const answer = await this.handle.message({
      request: 'create',
      room: settings.room,
      secret: settings.secret,
      pin: settings.pin,
      publishers: settings.publishers,
      // Hidden from `list` without the admin key: the room's existence is nobody's business.
      is_private: true,
      permanent: false,
      ...(settings.description ? { description: settings.description } : {}),
      ...(settings.audiolevelEvent ? { audiolevel_ext: true, audiolevel_event: true } : {}),
      ...(settings.bitrate ? { bitrate: settings.bitrate } : {}),
      ...(settings.firFreqS ? { fir_freq: settings.firFreqS } : {}),
      ...(this.adminKey ? { admin_key: this.adminKey } : {}),
    });
    parse(Created, answer, 'create');
  }

  async exists(room: number): Promise<boolean> {
    return parse(Exists, await this.handle.message({ request: 'exists', room }), 'exists').exists;
  }

  /** Every room, private ones included when the admin key is right. */
  async list(): Promise<RoomSummary[]> {
    const answer = await this.handle.message({
      request: 'list',
      ...(this.adminKey ? { admin_key: this.adminKey } : {}),
    });
    return parse(RoomList, answer, 'list').list;
  }

  /** Destroys the room; everyone in it is told and their handles leave it. */
  async destroy(room: number, secret: string): Promise<void> {
    parse(
      Destroyed,
      await this.handle.message({ request: 'destroy', room, secret, permanent: false }),
      'destroy',
    );
  }

  /** Who is in the room (publishers and passive participants; not subscriptions). */
  async listParticipants(room: number): Promise<Participant[]> {
    const answer = await this.handle.message({ request: 'listparticipants', room });
    return parse(Participants, answer, 'listparticipants').participants;
  }

  /** Removes a participant: their handle leaves the room and their PeerConnection is closed. */
  async kick(room: number, secret: string, id: number): Promise<void> {
    parse(Success, await this.handle.message({ request: 'kick', room, secret, id }), 'kick');
  }
}

// ---------------------------------------------------------------------------------------------
// Publishers.

/** What a publisher's handle hears from the room, beside the handle's own Janus events. */
export type PublisherEvent =
  | { type: 'publishers'; feeds: Feed[] }
  | { type: 'unpublished'; id: number }
  | { type: 'leaving'; id: number; reason?: string }
  | { type: 'talking'; id: number; talking: boolean; level?: number }
  /** This participant was kicked out of the room. */
  | { type: 'kicked' }
  | { type: 'room-destroyed' }
  | Exclude<JanusHandleEvent, { type: 'plugin' }>;

export interface PublisherJoin {
  room: number;
  pin: string;
  display?: string;
}

/** One person in a room, and the one PeerConnection they publish on. */
export class VideoRoomPublisher {
  private constructor(
    readonly handle: JanusHandle,
    /** The participant's id in the room (what subscriptions name as `feed`). */
    readonly id: number,
    /** Sent with subscriptions to tie them to this participant (rooms with require_pvtid). */
    readonly privateId: number,
  ) {}

  /** Joins the room; resolves with the publisher and who already publishes there. */
  static async join(
    handle: JanusHandle,
    join: PublisherJoin,
  ): Promise<{ publisher: VideoRoomPublisher; feeds: Feed[] }> {
    const answer = await handle.message({
      request: 'join',
      ptype: 'publisher',
      room: join.room,
      pin: join.pin,
      ...(join.display !== undefined ? { display: join.display } : {}),
    });
    const joined = parse(Joined, answer, 'join');
    return {
      publisher: new VideoRoomPublisher(handle, joined.id, joined.private_id),
      feeds: joined.publishers,
    };
  }

  /**
   * Publishes (or renegotiates) with the browser's offer; resolves with Janus's answer. An offer
   * made with `iceRestart` restarts ICE this way too (see `restart`).
   */
  async publish(offer: Jsep, options: { bitrate?: number } = {}): Promise<Jsep> {
    if (offer.type !== 'offer') throw new Error('publish needs an SDP offer');
    const answer = await this.handle.message(
      { request: 'configure', ...(options.bitrate ? { bitrate: options.bitrate } : {}) },
      offer,
    );
    parse(Ok('configured'), answer, 'configure');
    return requireJsep(answer, 'answer', 'configure');
  }

  /** An ICE restart: the browser's offer made with `iceRestart: true`, Janus's answer back. */
  async restart(offer: Jsep): Promise<Jsep> {
    return this.publish(offer);
  }

  /** Pauses or resumes relaying single streams (by mid) to subscribers, without renegotiating. */
  async configureStreams(streams: { mid: string; send: boolean }[]): Promise<void> {
    parse(
      Ok('configured'),
      await this.handle.message({ request: 'configure', streams }),
      'configure',
    );
  }

  /** Stops publishing: the PeerConnection closes, subscribers hear `unpublished`. */
  async unpublish(): Promise<void> {
    parse(Ok('unpublished'), await this.handle.message({ request: 'unpublish' }), 'unpublish');
  }

  /** Leaves the room (unpublishing first if needed). */
  async leave(): Promise<void> {
    parse(Ok('leaving'), await this.handle.message({ request: 'leave' }), 'leave');
  }

  /** Listens to the room's news and the handle's own events. */
  on(listener: (event: PublisherEvent) => void): () => void {
    return this.handle.on((event) => {
      if (event.type !== 'plugin') return listener(event);
      const translated = publisherEvent(event.data);
      if (translated) listener(translated);
    });
  }
}

function publisherEvent(data: Record<string, unknown>): PublisherEvent | undefined {
  let m;
  if ((m = TalkingEvent.safeParse(data)).success) {
    return {
      type: 'talking',
      id: m.data.id,
      talking: m.data.videoroom === 'talking',
      ...(m.data['audio-level-dBov-avg'] !== undefined
        ? { level: m.data['audio-level-dBov-avg'] }
        : {}),
    };
  }
  if (DestroyedEvent.safeParse(data).success) return { type: 'room-destroyed' };
  if (KickedEvent.safeParse(data).success) return { type: 'kicked' };
  if ((m = PublishersEvent.safeParse(data)).success) {
    return { type: 'publishers', feeds: m.data.publishers };
  }
  if ((m = UnpublishedEvent.safeParse(data)).success) {
    return { type: 'unpublished', id: m.data.unpublished };
  }
  if ((m = LeavingEvent.safeParse(data)).success) {
    return {
      type: 'leaving',
      id: m.data.leaving,
      ...(m.data.reason !== undefined ? { reason: m.data.reason } : {}),
    };
  }
  if ((m = KickedOtherEvent.safeParse(data)).success) {
    return { type: 'leaving', id: m.data.kicked, reason: 'kicked' };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Subscribers.

/** A stream to receive: a publisher's feed, all of it or the one stream `mid` names. */
export interface StreamRequest {
  feed: number;
  mid?: string;
}

/** A simulcast choice for one m-line of a subscription. */
export interface LayerChoice {
  /** The subscription's mid. */
  mid: string;
  /** 0 is the lowest resolution. */
  substream?: number;
  /** 0 is the lowest frame rate. */
  temporal?: number;
  /** Pause (false) or resume (true) relaying this m-line. */
  send?: boolean;
}

export type SubscriberEvent =
  /** Janus renegotiates on its own (a subscribed publisher left): answer with `start`. */
  | { type: 'updated'; offer: Jsep; streams: SubscriptionStream[] }
  /** The simulcast layer relayed on `mid` changed (asked for, or Janus fell back). */
  | { type: 'layer'; mid?: string; substream?: number; temporal?: number }
  | { type: 'room-destroyed' }
  | Exclude<JanusHandleEvent, { type: 'plugin' }>;

export interface SubscriberJoin {
  room: number;
  pin: string;
  streams: StreamRequest[];
  /** The subscribing participant's private id (required by rooms with require_pvtid). */
  privateId?: number;
}

/** One receiving PeerConnection, carrying any number of feeds. */
export class VideoRoomSubscriber {
  private constructor(
    readonly handle: JanusHandle,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Subscribes to `streams`; resolves with Janus's offer (answer it with `start`) and the
   * subscription's m-lines.
   */
  static async join(
    handle: JanusHandle,
    join: SubscriberJoin,
    options: { timeoutMs?: number } = {},
  ): Promise<{ subscriber: VideoRoomSubscriber; offer: Jsep; streams: SubscriptionStream[] }> {
    const answer = await handle.message({
      request: 'join',
      ptype: 'subscriber',
      room: join.room,
      pin: join.pin,
      streams: join.streams.map(streamRequest),
      ...(join.privateId !== undefined ? { private_id: join.privateId } : {}),
    });
    const attached = parse(Attached, answer, 'join');
    return {
      subscriber: new VideoRoomSubscriber(handle, options.timeoutMs ?? 10_000),
      offer: requireJsep(answer, 'offer', 'join'),
      streams: attached.streams,
    };
  }

  /** Completes a negotiation with the browser's answer (also resumes after `pause`). */
  async start(answer: Jsep): Promise<void> {
    if (answer.type !== 'answer') throw new Error('start needs an SDP answer');
    parse(Ok('started'), await this.handle.message({ request: 'start' }, answer), 'start');
  }

  /**
   * Adds and removes streams in one renegotiation. Resolves with Janus's new offer (answer it with
   * `start`), or without one when nothing in the SDP changed. A renegotiation Janus postpones
   * behind another one still open is waited for.
   */
  async update(change: {
    subscribe?: StreamRequest[];
    unsubscribe?: (StreamRequest | { sub_mid: string })[];
  }): Promise<{ offer?: Jsep; streams: SubscriptionStream[] }> {
    const answer = await this.handle.message({
      request: 'update',
      ...(change.subscribe?.length ? { subscribe: change.subscribe.map(streamRequest) } : {}),
      ...(change.unsubscribe?.length
        ? {
            unsubscribe: change.unsubscribe.map((u) =>
              'sub_mid' in u ? { sub_mid: u.sub_mid } : streamRequest(u),
            ),
          }
        : {}),
    });
    if (Updating.safeParse(answer.data).success) {
      return nextPluginEvent(
        this.handle,
        (event) => {
          const updated = Updated.safeParse(event.data);
          if (!updated.success) return undefined;
          return {
            ...(event.jsep ? { offer: event.jsep } : {}),
            streams: updated.data.streams ?? [],
          };
        },
        this.timeoutMs,
        'update',
      );
    }
    const updated = parse(Updated, answer, 'update');
    return {
      ...(answer.jsep ? { offer: requireJsep(answer, 'offer', 'update') } : {}),
      streams: updated.streams ?? [],
    };
  }

  /**
   * Points existing m-lines at other publishers' streams without renegotiating (the active
   * speaker's tile changes source). Resolves with the subscription as it now is.
   */
  async switch(
    streams: { feed: number; mid: string; sub_mid: string }[],
  ): Promise<SubscriptionStream[]> {
    const answer = await this.handle.message({ request: 'switch', streams });
    return parse(Switched, answer, 'switch').streams;
  }

  /** Picks simulcast layers, or pauses and resumes m-lines, without renegotiating. */
  async configure(layers: LayerChoice[]): Promise<void> {
    parse(
      Ok('configured'),
      await this.handle.message({ request: 'configure', streams: layers }),
      'configure',
    );
  }

  /** An ICE restart: resolves with Janus's new offer; answer it with `start`. */
  async restart(): Promise<Jsep> {
    const answer = await this.handle.message({ request: 'configure', restart: true });
    return requireJsep(answer, 'offer', 'configure restart');
  }

  /** Ends the subscription; Janus closes its PeerConnection. */
  async leave(): Promise<void> {
    parse(Ok('left'), await this.handle.message({ request: 'leave' }), 'leave');
  }

  on(listener: (event: SubscriberEvent) => void): () => void {
    return this.handle.on((event) => {
      if (event.type !== 'plugin') return listener(event);
      const translated = subscriberEvent(event.data, event.jsep);
      if (translated) listener(translated);
    });
  }
}

function subscriberEvent(data: Record<string, unknown>, jsep?: Jsep): SubscriberEvent | undefined {
  let m;
  if ((m = Updated.safeParse(data)).success && jsep?.type === 'offer') {
    return { type: 'updated', offer: jsep, streams: m.data.streams ?? [] };
  }
  if (DestroyedEvent.safeParse(data).success) return { type: 'room-destroyed' };
  if (
    (m = LayerEvent.safeParse(data)).success &&
    (m.data.substream !== undefined || m.data.temporal !== undefined)
  ) {
    return {
      type: 'layer',
      ...(m.data.mid !== undefined ? { mid: m.data.mid } : {}),
      ...(m.data.substream !== undefined ? { substream: m.data.substream } : {}),
      ...(m.data.temporal !== undefined ? { temporal: m.data.temporal } : {}),
    };
  }
  return undefined;
}

function streamRequest(s: StreamRequest): { feed: number; mid?: string } {
  return s.mid === undefined ? { feed: s.feed } : { feed: s.feed, mid: s.mid };
}
