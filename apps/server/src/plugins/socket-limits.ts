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
 * it. The socket plugin applies the last two when a connection opens; the dispatcher that answers
 * every module's handlers applies the event limits (socket-handlers.ts).
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

export interface EventLimitsDeps {
  /** Counts the per-account windows: in Redis with several nodes, so they count across nodes. */
  rateLimiter: RateLimiter;
  /** RATE_LIMIT_FACTOR: multiplies every limit (never below one event). */
  factor: number;
  /** A replaced per-socket chat bucket (tests that want to reach it in a few messages). */
  chatRate?: { burst: number; perSecond: number } | undefined;
  now?: () => number;
}

export interface EventLimits {
  /** Checks one event of `socket`; throws RATE_LIMITED (with the table's message) when over. */
  check(socket: IoSocket, event: ClientEvent): Promise<void>;
}

const refusal = (limit: RealtimeEventLimit) =>
  AppError.tooManyRequests(REALTIME_MESSAGES[limit.message]);

export function createEventLimits({
  rateLimiter,
  factor,
  chatRate,
  now = Date.now,
}: EventLimitsDeps): EventLimits {
  const scale = (n: number) => Math.max(1, n * factor);
  const table: Record<ClientEvent, RealtimeEventLimit> = { ...REALTIME_EVENT_LIMITS };
  if (chatRate) table['chat-message'] = { ...table['chat-message'], perSocket: chatRate };
  const rates = new Map(
    Object.entries(table).map(([event, { perSocket }]) => [
      event,
      { burst: scale(perSocket.burst), perSecond: scale(perSocket.perSecond) },
    ]),
  );
  /**
   * Each socket's token buckets (`burst` at once, refilled continuously at `perSecond`), one per
   * event, each kept as the one number that says it all: the time at which the bucket is full
   * again (the generic cell rate algorithm). A full bucket is the same as none, so it is
   * forgotten at the socket's next event, and a socket that never sent one holds nothing.
   */
  const fullAt = new WeakMap<IoSocket, Map<ClientEvent, number>>();

  /** Takes a token from the socket's bucket for `event`; false when it is empty. */
  function take(socket: IoSocket, event: ClientEvent): boolean {
    const t = now();
    const { burst, perSecond } = rates.get(event)!;
    const mine = fullAt.get(socket);
    if (mine) for (const [name, full] of mine) if (full <= t) mine.delete(name);
    const full = Math.max(mine?.get(event) ?? t, t);
    // Room for one more token while the bucket is at most burst - 1 tokens short of full (the
    // small slack absorbs rounding in the sums of 1000 / perSecond).
    if (full - t > ((burst - 1) / perSecond) * 1000 + 1e-6) return false;
    const next = full + 1000 / perSecond;
    if (mine) mine.set(event, next);
    else fullAt.set(socket, new Map([[event, next]]));
    return true;
  }

  return {
    async check(socket, event) {
      const limit = table[event];
      // The socket's own bucket first, in memory: a flood from one socket is refused without
      // a round trip to Redis.
      if (!take(socket, event)) throw refusal(limit);
      const hits = await rateLimiter.hit(
        `socket:${event}:${socket.data.user.id}`,
        limit.perUser.windowMs,
      );
      if (hits > Math.floor(scale(limit.perUser.max))) throw refusal(limit);
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
  on(event: 'packetCreate', listener: (this: EngineSocket, packet: EnginePacket) => void): unknown;
  close(discard?: boolean): unknown;
  /** Packets created and not yet handed to the transport (emptied at every flush). */
  writeBuffer: readonly EnginePacket[];
  /** With the websocket transport, `socket` is the `ws` WebSocket. */
  transport: { socket?: { bufferedAmount?: number; terminate?: () => void } };
}

interface EnginePacket {
  data?: unknown;
}

const sizeOf = ({ data }: EnginePacket) =>
  // A string's length, not its UTF-8 size: cheap, and what a queued packet costs in memory.
  typeof data === 'string' ? data.length : data instanceof Uint8Array ? data.byteLength : 0;

const sumOf = (packets: readonly EnginePacket[]) => {
  let sum = 0;
  for (const packet of packets) sum += sizeOf(packet);
  return sum;
};

/** Buffers up to this many packets are summed on each packet; longer ones keep their sum. */
const COUNT_FROM = 8;

/**
 * Returns `cap(conn)`, which drops an engine socket whose outgoing data (packets queued in the
 * engine plus bytes the websocket has not handed to the kernel) passes `maxBytes`. Socket.IO's
 * `maxHttpBufferSize` bounds only what a client sends; without this a client that stops reading
 * (and answers pings blindly) lets others make the server buffer everything they relay to it.
 *
 * Every socket gets the same listener. A socket that keeps up costs nothing here but that
 * listener; one whose buffer once held COUNT_FROM packets keeps one number (the buffer's sum) for
 * the rest of its life.
 */
export function outgoingCap(maxBytes: number, log: FastifyBaseLogger) {
  /** The sum of an engine's buffer, kept once it has held COUNT_FROM packets. */
  const queued = new WeakMap<EngineSocket, number>();
  const dropping = new WeakSet<EngineSocket>();

  function onPacketCreate(this: EngineSocket, packet: EnginePacket) {
    check(this, packet);
  }

  function check(conn: EngineSocket, packet: EnginePacket) {
    // Called for every packet, before it joins the buffer. A buffer is summed while it is short
    // and its sum kept from COUNT_FROM packets on; a flush empties it, and every new fill passes
    // through COUNT_FROM (packets join one at a time), which replaces an older fill's sum. The
    // usual case, an empty buffer, touches no map.
    const length = conn.writeBuffer.length;
    let bytes = sizeOf(packet);
    if (length > COUNT_FROM) bytes += queued.get(conn) ?? sumOf(conn.writeBuffer);
    else if (length > 0) bytes += sumOf(conn.writeBuffer);
    if (length >= COUNT_FROM) queued.set(conn, bytes);
    const waiting = bytes + (conn.transport.socket?.bufferedAmount ?? 0);
    if (waiting <= maxBytes || dropping.has(conn)) return;
    dropping.add(conn);
    log.warn({ engineId: conn.id, waiting }, 'socket dropped: it does not read what is sent to it');
    // After the packet in hand is queued, and outside whatever broadcast is running: closing
    // makes the socket leave its rooms, which must not happen in the middle of iterating them.
    process.nextTick(() => {
      // Discard: a plain close waits for the buffer to drain, which is what never happens.
      conn.close(true);
      // The websocket would otherwise keep its unsent bytes through a 30 s closing handshake.
      conn.transport.socket?.terminate?.();
    });
  }

  return (conn: EngineSocket) => conn.on('packetCreate', onPacketCreate);
}
