import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_SOCKETS_PER_USER,
  REALTIME_ERROR_CODES,
  REALTIME_EVENT_LIMITS,
  REALTIME_MESSAGES,
  type ClientToServerEvents,
  type RealtimeEventLimit,
} from '@studycircle/shared';
import { AppError } from '../lib/app-error.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { IoServer, IoSocket } from '../types.js';

/**
 * What bounds one account's sockets (docs/decisions/0016-socket-limits.md): a rate limit on every
 * client event, per socket and per account (the table is REALTIME_EVENT_LIMITS in the shared
 * package); a cap on the sockets an account holds open; and a cap on the bytes waiting to be sent
 * to one socket, so a client that stops reading cannot make the server hold what others relay to
 * it. The socket plugin applies the last two when a connection opens; the modules' handlers apply
 * the event limits through `eventHandlers` (socket-handlers.ts).
 */

export type ClientEvent = keyof ClientToServerEvents;

/**
 * Bytes that may wait for one socket to read them, in the engine's write buffer and the
 * websocket's (the kernel's socket buffers come on top). A healthy client drains at once; a call
 * start sends a newcomer seven answers and their candidates, about 100 KB, which a slow mobile
 * link takes a few seconds to read. 1 MiB is ten times that; past it the socket is dropped, and
 * the client reconnects (and rejoins) once it reads again.
 */
export const MAX_OUTGOING_BYTES = 1024 * 1024;

/** A token bucket: `burst` at once, refilled continuously at `perSecond`. */
function tokenBucket(rate: { burst: number; perSecond: number }, now: () => number) {
  let tokens = rate.burst;
  let last = now();
  return () => {
    const t = now();
    tokens = Math.min(rate.burst, tokens + ((t - last) / 1000) * rate.perSecond);
    last = t;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

export interface EventLimitsDeps {
  /** Counts the per-account windows: in Redis with several nodes, so they count across nodes. */
  rateLimiter: RateLimiter;
  /** RATE_LIMIT_FACTOR: multiplies every limit (never below one event). */
  factor: number;
  /** A replaced per-socket chat bucket (tests that want to reach it in a few messages). */
  chatRate?: { burst: number; perSecond: number } | undefined;
  now?: () => number;
}

/** Checks one socket's events; throws RATE_LIMITED (with the table's message) when over. */
export type EventGate = (event: ClientEvent) => Promise<void>;

export interface EventLimits {
  /** The gate for one socket: its buckets live as long as the socket. */
  forSocket(socket: IoSocket): EventGate;
}

export function createEventLimits({
  rateLimiter,
  factor,
  chatRate,
  now = Date.now,
}: EventLimitsDeps): EventLimits {
  const scale = (n: number) => Math.max(1, n * factor);
  const table: Record<ClientEvent, RealtimeEventLimit> = { ...REALTIME_EVENT_LIMITS };
  if (chatRate) table['chat-message'] = { ...table['chat-message'], perSocket: chatRate };

  return {
    forSocket(socket) {
      const buckets = new Map<ClientEvent, () => boolean>();
      return async (event) => {
        const limit = table[event];
        const refuse = () => AppError.tooManyRequests(REALTIME_MESSAGES[limit.message]);
        let take = buckets.get(event);
        if (!take) {
          const { burst, perSecond } = limit.perSocket;
          take = tokenBucket({ burst: scale(burst), perSecond: scale(perSecond) }, now);
          buckets.set(event, take);
        }
        // The socket's own bucket first, in memory: a flood from one socket is refused without
        // a round trip to Redis.
        if (!take()) throw refuse();
        const hits = await rateLimiter.hit(
          `socket:${event}:${socket.data.user.id}`,
          limit.perUser.windowMs,
        );
        if (hits > Math.floor(scale(limit.perUser.max))) throw refuse();
      };
    },
  };
}

/**
 * Joins a freshly authenticated socket to its user's channel (`room`), unless the account already has
 * `max` sockets open on any node: then it throws TOO_MANY_CONNECTIONS and the connection is
 * refused. Sockets still connecting on this node count too (they joined the channel in this
 * middleware, before they are listed as connected), and counting and joining happen without an
 * await in between, so parallel connections on one node cannot slip past together. Across nodes
 * two connections at the same instant may each see the other missing: the cap can be passed by
 * a socket per node at most, and while Redis is down by what the other nodes hold.
 */
export async function joinUserChannel(io: IoServer, socket: IoSocket, room: string, max: number) {
  // While Redis is away the other nodes cannot be asked (the lookup fails within the command
  // timeout): the cap then goes by this node's count rather than refusing every connection
  // (decision 0019: an outage degrades, it never locks students out).
  const onOtherNodes = await io
    .in(room)
    .fetchSockets()
    .then(
      (everywhere) => everywhere.filter((s) => !io.sockets.sockets.has(s.id)).length,
      () => 0,
    );
  const here = io.sockets.adapter.rooms.get(room)?.size ?? 0;
  if (onOtherNodes + here >= max) {
    throw new AppError(
      REALTIME_ERROR_CODES.tooManyConnections,
      429,
      REALTIME_MESSAGES.tooManyConnections,
    );
  }
  await socket.join(room);
}

/** The sockets per user RATE_LIMIT_FACTOR allows. */
export function maxSocketsPerUser(factor: number): number {
  return Math.max(1, Math.floor(MAX_SOCKETS_PER_USER * factor));
}

/** The parts of an engine.io socket the outgoing cap reads (engine.io's types are internal). */
export interface EngineSocket {
  id: string;
  readyState: string;
  on(event: 'packetCreate', listener: (packet: { data?: unknown }) => void): unknown;
  on(event: 'flush', listener: () => void): unknown;
  close(discard?: boolean): unknown;
  /** With the websocket transport, `socket` is the `ws` WebSocket. */
  transport: { socket?: { bufferedAmount?: number; terminate?: () => void } };
}

const sizeOf = (data: unknown) =>
  // A string's length, not its UTF-8 size: cheap, and what a queued packet costs in memory.
  typeof data === 'string' ? data.length : data instanceof Uint8Array ? data.byteLength : 0;

/**
 * Drops an engine socket whose outgoing data (packets queued in the engine plus bytes the
 * websocket has not handed to the kernel) passes `maxBytes`. Socket.IO's `maxHttpBufferSize`
 * bounds only what a client sends; without this a client that stops reading (and answers pings
 * blindly) lets others make the server buffer everything they relay to it.
 */
export function capOutgoing(conn: EngineSocket, maxBytes: number, log: FastifyBaseLogger) {
  /** Bytes of packets created since the engine last handed its buffer to the transport. */
  let queued = 0;
  let dropping = false;
  conn.on('flush', () => {
    queued = 0;
  });
  conn.on('packetCreate', (packet) => {
    queued += sizeOf(packet.data);
    if (dropping) return;
    const waiting = queued + (conn.transport.socket?.bufferedAmount ?? 0);
    if (waiting <= maxBytes) return;
    dropping = true;
    log.warn({ engineId: conn.id, waiting }, 'socket dropped: it does not read what is sent to it');
    // After the packet in hand is queued, and outside whatever broadcast is running: closing
    // makes the socket leave its rooms, which must not happen in the middle of iterating them.
    process.nextTick(() => {
      // Discard: a plain close waits for the buffer to drain, which is what never happens.
      conn.close(true);
      // The websocket would otherwise keep its unsent bytes through a 30 s closing handshake.
      conn.transport.socket?.terminate?.();
    });
  });
}
