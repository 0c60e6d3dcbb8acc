import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  ERROR_CODES,
  REALTIME_MESSAGES,
  SIGNED_OUT_ELSEWHERE_MESSAGE,
  SYNC_POKE_EVENT,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventSubscriber } from '../../lib/events.js';
import { channel } from '../../plugins/socket-handlers.js';
import type { IoServer, IoSocket } from '../../types.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { SessionEvents } from '../auth/auth.service.js';
import type { RoomEvents, RoomsService } from '../rooms/rooms.service.js';
import type { SyncEvents } from '../sync/sync.service.js';
import type { UserEvents } from '../users/users.service.js';

/**
 * Room presence: who is in which room, on this node and across nodes, and taking them out. Each
 * room tool registers its channel and leave hook here (app.ts does it from each module's
 * definition, docs/decisions/0075-one-server-module-shape.md); when a membership ends or a room
 * closes (the rooms service's events), this node's sockets leave every registered channel of the
 * room at once, each tool's `onLeave` telling the others, and the other nodes are told in the
 * background (docs/decisions/0040-removal-that-holds-when-a-node-stalls.md). When sessions end
 * (the auth service's events) their sockets are told why and disconnected, on every node; every
 * tool hears that as the socket's `disconnecting`.
 *
 * It also reaches a user's devices for the other services, which do not hold the Socket.IO
 * server: a renamed user's sockets take the new name, a changed join request is pushed to the
 * room's managers, a sync change pokes the user's devices.
 *
 * The socket plugin attaches the Socket.IO server once it exists; before that no socket can be
 * connected, so every method is a no-op.
 */

/** Why a socket is taken out of a room's channels. */
export type LeaveReason = 'removed' | 'room-closed';

/** One socket of this node leaving one tool's channel of a room (it is still in it). */
export interface RoomLeave {
  io: IoServer;
  socket: IoSocket;
  roomId: string;
  userId: string;
  reason: LeaveReason;
}

/** A room tool as room presence knows it: its channel's prefix and what it does on a leave. */
export interface PresenceTool {
  name: string;
  channel: string;
  onLeave?: (leave: RoomLeave) => void;
}

/** The Socket.IO room of a tool's channel for one study room. */
export function toolChannel(prefix: string, roomId: string): string {
  return `${prefix}:${roomId}`;
}

/** The study room of a tool's channel from its Socket.IO room's name; undefined for another name. */
export function roomOfChannel(prefix: string, name: string): string | undefined {
  return name.startsWith(`${prefix}:`) ? name.slice(prefix.length + 1) : undefined;
}

/** What a socket whose session ended elsewhere is told before it is disconnected. */
const SESSION_ENDED_EVENT = {
  code: ERROR_CODES.sessionEnded,
  message: SIGNED_OUT_ELSEWHERE_MESSAGE,
};

export interface RoomPresenceDeps {
  /** Other nodes exist only with Redis: without it nothing is fanned out. */
  redis: Redis | undefined;
  /** Re-checks of an eviction ask whether the user became a member again. */
  rooms: Pick<RoomsService, 'requireMember'>;
  /** Memberships and rooms that end: their sockets are taken out. */
  roomEvents: EventSubscriber<RoomEvents>;
  /** Sessions that end: their sockets are disconnected. */
  sessionEvents: EventSubscriber<SessionEvents>;
  /** A renamed user: their open sockets take the new name. */
  userEvents: EventSubscriber<UserEvents>;
  /** A user's study data changed: their devices are poked to pull. */
  syncEvents: EventSubscriber<SyncEvents>;
  /** Fan-out to other nodes that failed, and is retried, is logged here. */
  log: FastifyBaseLogger;
}

/** What one node tells the others when a membership ended. */
interface MembershipEnded {
  roomId: string;
  userId: string;
}

/**
 * How often another node is asked to confirm an eviction, and the backoff between asks: 1, 2, 4,
 * 8 s, then every 10 s; each ask waits up to the adapter's request timeout (5 s) for answers.
 */
const EVICTION_ATTEMPTS = 6;
const EVICTION_RETRY_MS = 1000;
const EVICTION_RETRY_MAX_MS = 10_000;
/** The adapter's request timeout (5 s) and ioredis's command timeout (2 s), with a margin. */
const EVICTION_ANSWER_MS = 8000;

/**
 * Updates the user on this node's sockets of that user. In place: the socket's handlers hold the
 * object they were connected with (signalling.socket.ts reads `socket.data.user` once).
 */
function refreshLocalSockets(
  server: IoServer,
  user: Pick<AuthUser, 'id' | 'name' | 'email'>,
): void {
  const ids = server.of('/').adapter.rooms.get(channel.user(user.id)) ?? new Set<string>();
  for (const id of ids) {
    const socket = server.of('/').sockets.get(id);
    if (socket) Object.assign(socket.data.user, { name: user.name, email: user.email });
  }
}

export function createRoomPresenceService({
  redis,
  rooms,
  roomEvents,
  sessionEvents,
  userEvents,
  syncEvents,
  log,
}: RoomPresenceDeps) {
  let io: IoServer | undefined;
  const tools: PresenceTool[] = [];
  /** Pending re-asks of other nodes (evictFromRoom); none once the server is closing. */
  const retries = new Set<NodeJS.Timeout>();
  let stopped = false;

  /** Calls a tool's leave hook; one that throws must not keep the socket in the room. */
  function leaveHook(tool: PresenceTool, leave: RoomLeave): void {
    try {
      tool.onLeave?.(leave);
    } catch (err) {
      log.error({ err, tool: tool.name, roomId: leave.roomId }, 'leave hook failed');
    }
  }

  /** This node's part of closing a room: each tool's hook, the notice, out of every channel. */
  function closeRoomHere(server: IoServer, roomId: string): void {
    const names = tools.map((tool) => toolChannel(tool.channel, roomId));
    const adapterRooms = server.of('/').adapter.rooms;
    for (const tool of tools) {
      if (!tool.onLeave) continue;
      for (const id of [...(adapterRooms.get(toolChannel(tool.channel, roomId)) ?? [])]) {
        const socket = server.of('/').sockets.get(id);
        if (socket) {
          const userId = socket.data.user.id;
          leaveHook(tool, { io: server, socket, roomId, userId, reason: 'room-closed' });
        }
      }
    }
    const here = server.local.in(names);
    here.emit('removed-from-room', { roomId, message: REALTIME_MESSAGES.roomClosed });
    here.socketsLeave(names);
  }

  /**
   * This node's part of ending a membership, in one tick and without asking any other node: each
   * of the user's sockets here leaves every tool's channel of the room (each tool's hook telling
   * the others first) and is told `removed-from-room`. The socket stays connected for the user's
   * other rooms.
   */
  function evictHere(server: IoServer, roomId: string, userId: string): void {
    const ids = server.of('/').adapter.rooms.get(channel.user(userId));
    // A copy: leaving changes the adapter's sets while we walk them.
    for (const id of [...(ids ?? [])]) {
      const socket = server.of('/').sockets.get(id);
      if (!socket) continue;
      let wasIn = false;
      const names: string[] = [];
      for (const tool of tools) {
        const name = toolChannel(tool.channel, roomId);
        names.push(name);
        if (!socket.rooms.has(name)) continue;
        wasIn = true;
        leaveHook(tool, { io: server, socket, roomId, userId, reason: 'removed' });
      }
      for (const name of names) socket.leave(name);
      if (wasIn) {
        socket.emit('removed-from-room', { roomId, message: REALTIME_MESSAGES.removedFromRoom });
      }
    }
  }

  /**
   * The user is no longer a member of the room (docs/decisions/0040): this node's sockets leave
   * at once, the other nodes are told in the background, and nothing here waits for another node
   * or for Redis, so the removal's reply never hangs on a stalled node.
   *
   * The first word to the other nodes is one publish without an answer, sent before anything
   * else this node publishes afterwards: Redis delivers in order, so a node that receives a chat
   * message sent after the removal has already taken the user's sockets out. Then the same again
   * with an acknowledgement, repeated until every node has answered (a node that was stalled
   * or a publish lost while Redis was away); those repeats evict only while the database still
   * says the user is not a member, so a member who joined again meanwhile is left alone.
   */
  async function evictFromRoom(roomId: string, userId: string): Promise<void> {
    if (!io) return;
    evictHere(io, roomId, userId);
    if (!redis) return;
    io.serverSideEmit('membership-ended', { roomId, userId });
    confirmEviction(io, roomId, userId, 1);
  }

  /** Another node asks again (see evictFromRoom): evict unless a member again, then answer. */
  function onMembershipEndedCheck(
    server: IoServer,
    { roomId, userId }: MembershipEnded,
    ack: (done: boolean) => void,
  ): void {
    rooms.requireMember(roomId, userId).then(
      // A member again (joined after the removal): nothing of theirs to end.
      () => ack(true),
      (err: unknown) => {
        if (!(err instanceof AppError) || err.status >= 500) {
          // The database did not answer: no acknowledgement, so the sender asks again.
          log.warn({ err, roomId }, 'membership re-check failed; the eviction will be retried');
          return;
        }
        evictHere(server, roomId, userId);
        ack(true);
      },
    );
  }

  /**
   * Asks every other node to confirm the eviction, with backoff, for about half a minute. The
   * adapter drops the callback when it cannot even count the nodes (Redis away), so a deadline
   * of our own counts as no answer too.
   */
  function confirmEviction(server: IoServer, roomId: string, userId: string, attempt: number) {
    if (stopped) return;
    let settled = false;
    const answered = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (!err) return;
      if (attempt >= EVICTION_ATTEMPTS) {
        log.warn({ err, roomId, attempts: attempt }, 'eviction not confirmed by every node');
        return;
      }
      const delay = Math.min(EVICTION_RETRY_MAX_MS, EVICTION_RETRY_MS * 2 ** (attempt - 1));
      const timer = setTimeout(() => {
        retries.delete(timer);
        confirmEviction(server, roomId, userId, attempt + 1);
      }, delay);
      timer.unref();
      retries.add(timer);
    };
    const deadline = setTimeout(() => answered(new Error('no answer')), EVICTION_ANSWER_MS);
    // Neither timer may keep a closing process alive.
    deadline.unref();
    server.serverSideEmit('membership-ended-check', { roomId, userId }, answered);
  }

  /**
   * The room was deleted: every socket leaves its channels and is told why. Each node does both
   * for its own sockets in one tick: the Redis adapter carries a cluster-wide leave as a separate
   * message that can arrive after the notice, and a client told "room closed" must already be
   * unable to act in the room.
   */
  async function closeRoom(roomId: string): Promise<void> {
    if (!io) return;
    closeRoomHere(io, roomId);
    if (redis) io.serverSideEmit('room-closed', roomId);
  }

  /**
   * Ends every live connection of the user on every node (but those of `keepSessionId`, the
   * device that changed the password). Each socket is told why first (`session-ended`), then
   * disconnected, which announces `user-left` to its call.
   */
  function endUserConnections(userId: string, keepSessionId?: string): void {
    if (!io) return;
    const target = keepSessionId
      ? io.in(channel.user(userId)).except(channel.session(keepSessionId))
      : io.in(channel.user(userId));
    target.emit('session-ended', SESSION_ENDED_EVENT);
    target.disconnectSockets(true);
  }

  /**
   * Ends the live connections of one device's session, on every node. `endedElsewhere`: tell
   * them why first; not when the device signed itself out (its other tabs share the token
   * it just forgot, and were not signed out "on another device").
   */
  function endSessionConnections(sessionId: string, endedElsewhere: boolean): void {
    if (!io) return;
    const target = io.in(channel.session(sessionId));
    if (endedElsewhere) target.emit('session-ended', SESSION_ENDED_EVENT);
    target.disconnectSockets(true);
  }

  // The rooms service publishes after its write is committed and awaits these: the HTTP reply
  // to a removal or deletion goes out once this node's sockets are out; other nodes follow.
  roomEvents.on('membership-ended', ({ roomId, userId }) => evictFromRoom(roomId, userId));
  roomEvents.on('room-closed', ({ roomId }) => closeRoom(roomId));
  // The auth service publishes once the session rows are gone: no live connection outlives its
  // token. Subscribed before any other holder of connections (services.ts builds this first).
  sessionEvents.on('user-sessions-ended', ({ userId, keepSessionId }) =>
    endUserConnections(userId, keepSessionId),
  );
  sessionEvents.on('session-ended', ({ sessionId, endedElsewhere }) =>
    endSessionConnections(sessionId, endedElsewhere),
  );
  // A rename: every socket of the user's, on every node, carries the new name from now on, so a
  // socket opened before it does not stamp the old name on new chat messages. This node at once,
  // the others through the adapter.
  userEvents.on('user-renamed', (user) => {
    if (!io) return;
    refreshLocalSockets(io, user);
    // Other nodes exist only with Redis; the in-memory adapter would warn on every rename.
    if (redis) io.serverSideEmit('user-updated', user);
  });

  // Requests to join a private room (decision 0067): every device of the room's owner and
  // admins, and of an answered asker, on every node (the adapter).
  roomEvents.on(
    'join-requests-changed',
    ({ roomId, roomName, managerIds, requester, answered }) => {
      if (!io) return;
      if (managerIds.length > 0) {
        io.to(managerIds.map((id) => channel.user(id))).emit('room-join-requests', {
          roomId,
          roomName,
          ...(requester ? { requester } : {}),
        });
      }
      if (answered) {
        io.to(channel.user(answered.userId)).emit('room-join-answered', {
          roomId,
          roomName,
          accepted: answered.accepted,
        });
      }
    },
  );

  // Every socket of the user, on every node (the Redis adapter), the pushing device's own too:
  // a poke carries no data, only the version, so a device already there skips the pull.
  syncEvents.on('records-changed', ({ userId, version }) => {
    io?.to(channel.user(userId)).emit(SYNC_POKE_EVENT, { version });
  });

  return {
    /**
     * Adds a room tool: its channel is left, and its hook called, whenever a membership ends or a
     * room closes. app.ts registers every module's, in the order of the module list.
     */
    addTool(tool: PresenceTool): void {
      if (tools.some((t) => t.channel === tool.channel)) {
        throw new Error(`room channel ${tool.channel} is registered twice`);
      }
      tools.push(tool);
    },

    /** Called once by the socket plugin. */
    attach(server: IoServer) {
      io = server;
      server.on('user-updated', (user) => refreshLocalSockets(server, user));
      server.on('room-closed', (roomId) => closeRoomHere(server, roomId));
      // Another node's word that a membership ended (see evictFromRoom): synchronously, before
      // this node reads the next message from Redis.
      server.on('membership-ended', ({ roomId, userId }) => evictHere(server, roomId, userId));
      server.on('membership-ended-check', (payload, ack) =>
        onMembershipEndedCheck(server, payload, ack),
      );
    },

    /** Called by the socket plugin as the server closes: no more re-asks of other nodes. */
    stopRetries() {
      stopped = true;
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
    },
  };
}

export type RoomPresenceService = ReturnType<typeof createRoomPresenceService>;
