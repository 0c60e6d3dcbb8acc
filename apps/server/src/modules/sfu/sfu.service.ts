import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { createEventBus, type EventSubscriber } from '../../lib/events.js';
import { keyedQueue } from '../../lib/keyed-queue.js';
import {
  connectJanus,
  JanusError,
  type JanusConnection,
  type JanusHandle,
  type JanusSession,
  type TrickleCandidate,
} from './janus-client.js';
import type { Jsep } from './janus-messages.js';
import {
  createEmbeddedJanus,
  findJanusBinary,
  type EmbeddedJanus,
  type ProcessLog,
} from './janus-process.js';
import { janusRoomKeys, rendezvous, type JanusRoomKeys } from './rendezvous.js';
import {
  VIDEOROOM_ERRORS,
  VIDEOROOM_PLUGIN,
  VideoRoomAdmin,
  VideoRoomPublisher,
  VideoRoomSubscriber,
  type Feed,
  type LayerChoice,
  type Participant,
  type PublisherEvent,
  type StreamRequest,
  type SubscriberEvent,
  type SubscriptionStream,
} from './videoroom.js';

/**
 * The SFU as the rest of the server sees it (docs/decisions/0051-janus-as-a-part-of-the-server.md):
 * which Janus serves a room's call, the Janus room itself (created on demand with a secret and a
 * pin that stay on the server), and each call participant's two handles there (the one they
 * publish on and the one they receive on), keyed by the participant's socket id. The call's
 * signalling passes browsers' descriptions and candidates through these operations; browsers
 * never reach Janus.
 *
 * It keeps one websocket and one session per Janus, rebuilt whenever Janus goes away (a restart
 * loses every session, handle and room): `instance-lost` says which rooms and participants were
 * on it, so the call can bring them back, and `instance-ready` when it answers again. With
 * JANUS_URL unset it starts the embedded Janus (janus-process.ts) and stops it on close.
 */

// What callers of the service handle, so nothing outside the module imports its internals.
export type { TrickleCandidate } from './janus-client.js';
export type { Jsep } from './janus-messages.js';
export type {
  Feed,
  LayerChoice,
  Participant,
  PublisherEvent,
  StreamRequest,
  SubscriberEvent,
  SubscriptionStream,
} from './videoroom.js';

/** What the service tells the call about. */
export interface SfuEvents {
  /** A Janus answers (again): rooms may be created on it. */
  'instance-ready': { instance: string };
  /**
   * A Janus went away (websocket lost, keepalive unanswered, restarted): every room and handle on
   * it is gone. `rooms` are the StudyCircle room ids that had a Janus room there, `participants`
   * the keys whose handles were there (each also gets `participant-ended`).
   */
  'instance-lost': { instance: string; reason: string; rooms: string[]; participants: string[] };
  /**
   * A participant's handles are gone without `dropParticipant` (kicked, room destroyed, Janus
   * lost): the call should take them out of the SFU or bring them back.
   */
  'participant-ended': { key: string; roomId: string; reason: string };
  /** The room's news on a participant's publisher handle (new feeds, leaving, talking...). */
  'publisher-event': { key: string; roomId: string; event: PublisherEvent };
  /** Janus's events on a participant's subscriber handle (renegotiation offers, layers...). */
  'subscriber-event': { key: string; roomId: string; event: SubscriberEvent };
}

export interface SfuInstanceStatus {
  /** `embedded`, or the URL from JANUS_URL. */
  id: string;
  healthy: boolean;
}

export interface SfuService {
  /** Whether calls can go through the SFU now: at least one Janus answers. */
  available(): boolean;
  /** How the SFU is set up, and each Janus's health. */
  status(): { mode: Config['janus']['mode'] | 'none'; instances: SfuInstanceStatus[] };
  /**
   * The Janus a room's call goes to: rendezvous hashing of the room id over the healthy
   * instances, so every node picks the same one; undefined when none is healthy.
   */
  instanceFor(roomId: string): string | undefined;
  /** Makes sure the room's Janus room exists on its instance; resolves with where it is. */
  ensureRoom(roomId: string): Promise<{ instance: string; room: number }>;
  /** Destroys the room's Janus room (everyone in it is cut off); nothing when there is none. */
  destroyRoom(roomId: string): Promise<void>;
  /** Who is in the room's Janus room. */
  listParticipants(roomId: string): Promise<Participant[]>;
  /** Removes a participant from the room's Janus room by their feed id. */
  kick(roomId: string, feedId: number): Promise<void>;

  /** Joins `key` to the room's Janus room as a publisher; resolves with who publishes there. */
  joinPublisher(
    key: string,
    join: { roomId: string; display?: string },
  ): Promise<{ feedId: number; privateId: number; feeds: Feed[] }>;
  /** Publishes (or renegotiates, or restarts ICE) with the browser's offer; resolves the answer. */
  publish(key: string, offer: Jsep, options?: { bitrate?: number }): Promise<Jsep>;
  unpublish(key: string): Promise<void>;
  /**
   * Receives `streams` on the participant's one subscriber handle (made on first use). Resolves
   * with Janus's offer for the browser to answer (`answerSubscriber`), or none when the SDP did
   * not change.
   */
  subscribe(
    key: string,
    streams: StreamRequest[],
  ): Promise<{ offer?: Jsep; streams: SubscriptionStream[] }>;
  unsubscribe(
    key: string,
    streams: (StreamRequest | { sub_mid: string })[],
  ): Promise<{ offer?: Jsep; streams: SubscriptionStream[] }>;
  answerSubscriber(key: string, answer: Jsep): Promise<void>;
  /** Re-points subscription m-lines at other feeds without renegotiating. */
  switchStreams(
    key: string,
    streams: { feed: number; mid: string; sub_mid: string }[],
  ): Promise<SubscriptionStream[]>;
  /** Picks simulcast layers (or pauses m-lines) on the subscription. */
  chooseLayers(key: string, layers: LayerChoice[]): Promise<void>;
  /** An ICE restart of the subscription: resolves with Janus's new offer. */
  restartSubscriber(key: string): Promise<Jsep>;
  /** Passes a browser's candidate (null: gathering complete) to the publisher or subscriber handle. */
  trickle(
    key: string,
    role: 'publisher' | 'subscriber',
    candidate: TrickleCandidate | null,
  ): Promise<void>;
  /** Ends the participant's handles at once (they left, were removed, signed out). Idempotent. */
  dropParticipant(key: string): Promise<void>;

  events: EventSubscriber<SfuEvents>;
  /** Connects to the configured Janus (starting the embedded one); returns at once. */
  start(): void;
  /** Resolves once some Janus answers; rejects after `timeoutMs`. */
  whenAvailable(timeoutMs: number): Promise<void>;
  /** Drops every participant, closes every connection and stops the embedded Janus. */
  stop(): Promise<void>;
}

/** An operation refused because of the SFU's state (no Janus, unknown participant). */
export class SfuUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SfuUnavailableError';
  }
}

export interface SfuServiceDeps {
  config: Pick<Config, 'janus' | 'dataDir'>;
  log: ProcessLog;
  /** The server's secret (JWT_SECRET or the generated one): Janus rooms' keys derive from it. */
  serverSecret: Uint8Array;
  /**
   * With JANUS_URL unset: an embedded Janus the caller made (a test that also talks to it
   * directly) instead of one made here from the configuration. Stopped with the service.
   */
  embedded?: EmbeddedJanus;
  /** Tests shorten these. */
  timings?: Partial<SfuTimings>;
}

export interface SfuTimings {
  /** A request to Janus waits this long for its answer. */
  requestTimeoutMs: number;
  /** Each session's keepalive period. */
  keepaliveMs: number;
  /** The first delay before connecting to a lost Janus again, doubled up to `reconnectMaxMs`. */
  reconnectFirstMs: number;
  reconnectMaxMs: number;
}

const DEFAULT_TIMINGS: SfuTimings = {
  requestTimeoutMs: 10_000,
  keepaliveMs: 20_000,
  reconnectFirstMs: 250,
  // Janus recovered within 15 s must be noticed well within that.
  reconnectMaxMs: 2_000,
};

/** How many may publish in one Janus room: every member of the largest room. */
const ROOM_PUBLISHERS = 500;

/** One Janus: its connection, session and admin handle while it answers. */
interface Instance {
  id: string;
  url(): string | undefined;
  apiSecret?: string;
  adminKey?: string;
  link?: { connection: JanusConnection; session: JanusSession; admin: VideoRoomAdmin };
  /** StudyCircle room ids whose Janus room we created or found there since it last answered. */
  rooms: Set<string>;
  participants: Set<string>;
  reconnectTimer?: NodeJS.Timeout;
  reconnectDelay: number;
  connecting?: Promise<void>;
}

interface ParticipantState {
  key: string;
  roomId: string;
  instance: Instance;
  keys: JanusRoomKeys;
  publisher?: VideoRoomPublisher;
  privateId?: number;
  subscriber?: VideoRoomSubscriber;
  /** Set by dropParticipant: the handles' own `detached` events are then no news. */
  dropping: boolean;
}

export function createSfuService(deps: SfuServiceDeps): SfuService {
  const { config, log } = deps;
  const timings = { ...DEFAULT_TIMINGS, ...deps.timings };
  const bus = createEventBus<SfuEvents>((event, err) =>
    log.warn({ err, event }, 'an SFU event handler failed'),
  );
  const serial = keyedQueue();
  const instances: Instance[] = [];
  const participants = new Map<string, ParticipantState>();
  const ensuring = new Map<string, Promise<{ instance: string; room: number }>>();
  let embedded: EmbeddedJanus | undefined;
  let embeddedFolder: { path: string; temporary: boolean } | undefined;
  let stopped = false;
  let mode: Config['janus']['mode'] | 'none' = config.janus.mode;

  // Events go out in order, never rejecting into Janus's websocket handler.
  const announce = <E extends keyof SfuEvents>(event: E, payload: SfuEvents[E]) => {
    bus.emit(event, payload).catch((err: unknown) => {
      log.warn({ err, event }, 'an SFU event handler failed');
    });
  };

  if (config.janus.mode === 'external') {
    for (const url of config.janus.urls) {
      instances.push({
        id: url,
        url: () => url,
        apiSecret: config.janus.apiSecret,
        adminKey: config.janus.adminKey,
        rooms: new Set(),
        participants: new Set(),
        reconnectDelay: timings.reconnectFirstMs,
      });
    }
  } else if (config.janus.mode === 'embedded') {
    const binary = deps.embedded ? 'given' : findJanusBinary(config.janus.searchPath);
    if (!binary) {
      mode = 'none';
    } else {
      if (deps.embedded) {
        embedded = deps.embedded;
      } else {
        embeddedFolder =
          config.dataDir === ':memory:'
            ? { path: mkdtempSync(join(tmpdir(), 'sc-janus-')), temporary: true }
            : { path: join(config.dataDir, 'janus'), temporary: false };
        embedded = createEmbeddedJanus({
          binary,
          folder: embeddedFolder.path,
          rtpPorts: config.janus.rtpPorts,
          iceEnforceList: config.janus.iceEnforceList,
          log,
        });
      }
      const janus = embedded;
      instances.push({
        id: 'embedded',
        url: () => (janus.ready ? janus.url : undefined),
        apiSecret: janus.apiSecret,
        adminKey: janus.adminKey,
        rooms: new Set(),
        participants: new Set(),
        reconnectDelay: timings.reconnectFirstMs,
      });
    }
  }

  const healthy = () => instances.filter((i) => i.link?.connection.alive);
  const byId = (id: string) => instances.find((i) => i.id === id);

  async function connect(instance: Instance): Promise<void> {
    const url = instance.url();
    if (!url) throw new Error('Janus is not running');
    const connection = await connectJanus({
      url,
      apiSecret: instance.apiSecret,
      log,
      requestTimeoutMs: timings.requestTimeoutMs,
      keepaliveMs: timings.keepaliveMs,
    });
    try {
      const session = await connection.createSession();
      const admin = new VideoRoomAdmin(await session.attach(VIDEOROOM_PLUGIN), instance.adminKey);
      if (stopped) throw new Error('stopped');
      instance.link = { connection, session, admin };
      // A session Janus ended while the websocket stayed up (it should not happen with keepalives)
      // is a loss all the same: start over rather than keep half of it.
      session.onEnd((reason) => {
        if (connection.alive) void connection.close();
        lose(instance, connection, `session ${reason}`);
      });
      connection.onLost((reason) => lose(instance, connection, reason));
    } catch (err) {
      await connection.close();
      throw err;
    }
    instance.reconnectDelay = timings.reconnectFirstMs;
    log.info({ instance: instance.id, url }, 'Janus connected');
    announce('instance-ready', { instance: instance.id });
  }

  function lose(instance: Instance, connection: JanusConnection, reason: string): void {
    if (instance.link?.connection !== connection) return;
    instance.link = undefined;
    const rooms = [...instance.rooms];
    const keys = [...instance.participants];
    instance.rooms.clear();
    instance.participants.clear();
    if (stopped) return;
    log.warn({ instance: instance.id, reason, rooms: rooms.length }, 'Janus lost');
    for (const key of keys) {
      const p = participants.get(key);
      if (!p || p.instance !== instance) continue;
      participants.delete(key);
      if (!p.dropping)
        announce('participant-ended', { key, roomId: p.roomId, reason: 'janus-lost' });
    }
    announce('instance-lost', { instance: instance.id, reason, rooms, participants: keys });
    scheduleConnect(instance);
  }

  function scheduleConnect(instance: Instance, delay = instance.reconnectDelay): void {
    if (stopped || instance.reconnectTimer || instance.connecting) return;
    instance.reconnectTimer = setTimeout(() => {
      instance.reconnectTimer = undefined;
      void tryConnect(instance);
    }, delay);
    instance.reconnectTimer.unref();
  }

  function tryConnect(instance: Instance): Promise<void> {
    if (stopped || instance.link || instance.connecting)
      return instance.connecting ?? Promise.resolve();
    instance.connecting = connect(instance)
      .catch((err: unknown) => {
        log.debug({ err, instance: instance.id }, 'Janus not reachable yet');
        instance.reconnectDelay = Math.min(instance.reconnectDelay * 2, timings.reconnectMaxMs);
      })
      .finally(() => {
        instance.connecting = undefined;
        if (!instance.link) scheduleConnect(instance);
      });
    return instance.connecting;
  }

  function instanceFor(roomId: string): string | undefined {
    return rendezvous(
      roomId,
      healthy().map((i) => i.id),
    );
  }

  function linkOf(roomId: string): { instance: Instance; admin: VideoRoomAdmin } {
    const id = instanceFor(roomId);
    const instance = id ? byId(id) : undefined;
    if (!instance?.link) throw new SfuUnavailableError('No Janus is answering.');
    return { instance, admin: instance.link.admin };
  }

  async function ensureRoom(roomId: string): Promise<{ instance: string; room: number }> {
    const { instance, admin } = linkOf(roomId);
    const keys = janusRoomKeys(deps.serverSecret, roomId);
    if (instance.rooms.has(roomId))
      return Promise.resolve({ instance: instance.id, room: keys.room });
    const inFlight = ensuring.get(`${instance.id}\0${roomId}`);
    if (inFlight) return inFlight;
    const made = (async () => {
      try {
        await admin.create({
          room: keys.room,
          secret: keys.secret,
          pin: keys.pin,
          publishers: ROOM_PUBLISHERS,
          description: `studycircle ${roomId}`,
          audiolevelEvent: true,
          // A subscriber who joins late gets a keyframe within this many seconds at worst.
          firFreqS: 10,
        });
      } catch (err) {
        // Another node (or an earlier run of this one) made it first: the keys are the same.
        if (!(err instanceof JanusError && err.code === VIDEOROOM_ERRORS.roomExists)) throw err;
      }
      instance.rooms.add(roomId);
      return { instance: instance.id, room: keys.room };
    })().finally(() => ensuring.delete(`${instance.id}\0${roomId}`));
    ensuring.set(`${instance.id}\0${roomId}`, made);
    return made;
  }

  function participant(key: string): ParticipantState {
    const p = participants.get(key);
    if (!p) throw new SfuUnavailableError('Not in a call through the SFU.');
    return p;
  }

  /** Ends a participant whose publisher handle's room went away or who was kicked. */
  function ended(p: ParticipantState, reason: string): void {
    if (participants.get(p.key) !== p || p.dropping) return;
    void dropParticipant(p.key).then(() =>
      announce('participant-ended', { key: p.key, roomId: p.roomId, reason }),
    );
  }

  async function attach(instance: Instance): Promise<JanusHandle> {
    if (!instance.link) throw new SfuUnavailableError('No Janus is answering.');
    return instance.link.session.attach(VIDEOROOM_PLUGIN);
  }

  function joinPublisher(
    key: string,
    join: { roomId: string; display?: string },
  ): Promise<{ feedId: number; privateId: number; feeds: Feed[] }> {
    return serial(key, async () => {
      if (participants.has(key))
        throw new SfuUnavailableError('Already in a call through the SFU.');
      const { instance: instanceId, room } = await ensureRoom(join.roomId);
      const instance = byId(instanceId)!;
      const keys = janusRoomKeys(deps.serverSecret, join.roomId);
      const handle = await attach(instance);
      try {
        const { publisher, feeds } = await VideoRoomPublisher.join(handle, {
          room,
          pin: keys.pin,
          ...(join.display !== undefined ? { display: join.display } : {}),
        });
        const p: ParticipantState = {
          key,
          roomId: join.roomId,
          instance,
          keys,
          publisher,
          privateId: publisher.privateId,
          dropping: false,
        };
        participants.set(key, p);
        instance.participants.add(key);
        publisher.on((event) => {
          if (event.type === 'kicked' || event.type === 'room-destroyed') ended(p, event.type);
          // A handle that goes with its whole connection is reported by `lose`, with the rest.
          else if (event.type === 'detached' && p.instance.link?.connection.alive) {
            ended(p, event.reason);
          }
          if (!p.dropping) announce('publisher-event', { key, roomId: p.roomId, event });
        });
        return { feedId: publisher.id, privateId: publisher.privateId, feeds };
      } catch (err) {
        await handle.detach();
        throw err;
      }
    });
  }

  function withPublisher<T>(key: string, task: (pub: VideoRoomPublisher) => Promise<T>) {
    return serial(key, async () => {
      const pub = participant(key).publisher;
      if (!pub) throw new SfuUnavailableError('Not publishing through the SFU.');
      return task(pub);
    });
  }

  function withSubscriber<T>(key: string, task: (sub: VideoRoomSubscriber) => Promise<T>) {
    return serial(key, async () => {
      const sub = participant(key).subscriber;
      if (!sub) throw new SfuUnavailableError('Not subscribed to anything through the SFU.');
      return task(sub);
    });
  }

  function subscribe(key: string, streams: StreamRequest[]) {
    return serial(key, async () => {
      const p = participant(key);
      if (p.subscriber?.handle.alive) return p.subscriber.update({ subscribe: streams });
      const handle = await attach(p.instance);
      try {
        const {
          subscriber,
          offer,
          streams: lines,
        } = await VideoRoomSubscriber.join(
          handle,
          {
            room: p.keys.room,
            pin: p.keys.pin,
            streams,
            ...(p.privateId !== undefined ? { privateId: p.privateId } : {}),
          },
          { timeoutMs: timings.requestTimeoutMs },
        );
        if (participants.get(key) !== p) throw new SfuUnavailableError('Left the call.');
        p.subscriber = subscriber;
        subscriber.on((event) => {
          if (!p.dropping) announce('subscriber-event', { key, roomId: p.roomId, event });
        });
        return { offer, streams: lines };
      } catch (err) {
        await handle.detach();
        throw err;
      }
    });
  }

  async function dropParticipant(key: string): Promise<void> {
    const p = participants.get(key);
    if (!p || p.dropping) return;
    p.dropping = true;
    participants.delete(key);
    p.instance.participants.delete(key);
    // Detaching is enough: Janus hangs up the PeerConnection and takes the publisher out of the
    // room (subscribers hear `unpublished` and `leaving`). A lost connection has ended them.
    await Promise.all([p.subscriber?.handle.detach(), p.publisher?.handle.detach()]).catch(
      (err: unknown) => log.warn({ err, key }, 'could not detach a participant from Janus'),
    );
  }

  return {
    available: () => healthy().length > 0,
    status: () => ({
      mode,
      instances: instances.map((i) => ({ id: i.id, healthy: Boolean(i.link?.connection.alive) })),
    }),
    instanceFor,
    ensureRoom,
    async destroyRoom(roomId) {
      const { instance, admin } = linkOf(roomId);
      const keys = janusRoomKeys(deps.serverSecret, roomId);
      try {
        await admin.destroy(keys.room, keys.secret);
      } catch (err) {
        if (!(err instanceof JanusError && err.code === VIDEOROOM_ERRORS.noSuchRoom)) throw err;
      }
      instance.rooms.delete(roomId);
    },
    async listParticipants(roomId) {
      const { admin } = linkOf(roomId);
      try {
        return await admin.listParticipants(janusRoomKeys(deps.serverSecret, roomId).room);
      } catch (err) {
        if (err instanceof JanusError && err.code === VIDEOROOM_ERRORS.noSuchRoom) return [];
        throw err;
      }
    },
    async kick(roomId, feedId) {
      const { admin } = linkOf(roomId);
      const keys = janusRoomKeys(deps.serverSecret, roomId);
      await admin.kick(keys.room, keys.secret, feedId);
    },
    joinPublisher,
    publish: (key, offer, options) => withPublisher(key, (pub) => pub.publish(offer, options)),
    unpublish: (key) => withPublisher(key, (pub) => pub.unpublish()),
    subscribe,
    unsubscribe: (key, streams) =>
      withSubscriber(key, (sub) => sub.update({ unsubscribe: streams })),
    answerSubscriber: (key, answer) => withSubscriber(key, (sub) => sub.start(answer)),
    switchStreams: (key, streams) => withSubscriber(key, (sub) => sub.switch(streams)),
    chooseLayers: (key, layers) => withSubscriber(key, (sub) => sub.configure(layers)),
    restartSubscriber: (key) => withSubscriber(key, (sub) => sub.restart()),
    trickle: (key, role, candidate) =>
      serial(key, async () => {
        const p = participant(key);
        const handle = role === 'publisher' ? p.publisher?.handle : p.subscriber?.handle;
        if (!handle) throw new SfuUnavailableError(`No ${role} handle to trickle to.`);
        await handle.trickle(candidate);
      }),
    dropParticipant,
    events: bus,
    start() {
      if (mode === 'none') {
        log.info({}, 'No janus executable on PATH and JANUS_URL unset: calls stay peer to peer');
        return;
      }
      if (embedded) {
        const janus = embedded;
        const instance = instances[0]!;
        // A (re)started Janus is connected to at once, not at the next reconnect tick.
        janus.onReady(() => {
          if (instance.reconnectTimer) clearTimeout(instance.reconnectTimer);
          instance.reconnectTimer = undefined;
          instance.reconnectDelay = timings.reconnectFirstMs;
          void tryConnect(instance);
        });
        janus
          .start()
          .catch((err: unknown) =>
            log.warn(
              { err },
              'the embedded Janus did not start; calls stay peer to peer meanwhile',
            ),
          );
        return;
      }
      for (const instance of instances) void tryConnect(instance);
    },
    whenAvailable(timeoutMs) {
      if (healthy().length > 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          off();
          reject(new SfuUnavailableError(`No Janus answered within ${timeoutMs} ms.`));
        }, timeoutMs);
        const off = bus.on('instance-ready', () => {
          clearTimeout(timer);
          off();
          resolve();
        });
      });
    },
    async stop() {
      stopped = true;
      await Promise.all([...participants.keys()].map((key) => dropParticipant(key)));
      for (const instance of instances) {
        if (instance.reconnectTimer) clearTimeout(instance.reconnectTimer);
        await instance.connecting;
        const link = instance.link;
        instance.link = undefined;
        if (link) {
          await link.session.destroy().catch(() => undefined);
          await link.connection.close();
        }
      }
      await embedded?.stop();
      if (embeddedFolder?.temporary) rmSync(embeddedFolder.path, { recursive: true, force: true });
    },
  };
}
