import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  ERROR_CODES,
  REALTIME_MESSAGES,
  SIGNED_OUT_ELSEWHERE_MESSAGE,
  SYNC_POKE_EVENT,
  type CallParticipant,
  type CallPresence,
  type RaisedHand,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventSubscriber } from '../../lib/events.js';
import { channel } from '../../plugins/socket-handlers.js';
import type { IoServer } from '../../types.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomEvents, RoomsService } from '../rooms/rooms.service.js';
import type { SyncEvents } from '../sync/sync.service.js';
import type { UserEvents } from '../users/users.service.js';
import { createSeatLock } from './seat-lock.js';

/** What a socket whose session ended elsewhere is told before it is disconnected. */
const SESSION_ENDED_EVENT = {
  code: ERROR_CODES.sessionEnded,
  message: SIGNED_OUT_ELSEWHERE_MESSAGE,
};

/**
 * Live connections: who is in which call, and ending connections when a session or a membership
 * ends. Auth calls it when a token version is bumped; it listens to the rooms service's events
 * for a member who left or was removed and for a deleted room (rooms does not know it exists);
 * no route touches sockets. Everything here works across nodes: `in(...).fetchSockets()`,
 * `disconnectSockets()`, `leave()` and room broadcasts go through the Redis adapter when
 * REDIS_URL is set.
 *
 * The socket plugin attaches the Socket.IO server once it exists; before that no socket can be
 * connected, so every method is a no-op.
 */

export interface LiveServiceDeps {
  /** For the call's seat lock across nodes; without it the lock is in-process. */
  redis: Redis | undefined;
  /** Presence is shown to a room's members only. */
  rooms: Pick<RoomsService, 'requireMember'>;
  /** Memberships and rooms that end: their sockets are taken out. */
  roomEvents: EventSubscriber<RoomEvents>;
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

/** This node's part of closing a room: the notice, then out of the room's channels. */
function closeRoomHere(server: IoServer, roomId: string): void {
  const rooms = [
    channel.chat(roomId),
    channel.call(roomId),
    channel.watch(roomId),
    channel.whiteboard(roomId),
    channel.focus(roomId),
  ];
  const here = server.local.in(rooms);
  here.emit('removed-from-room', { roomId, message: REALTIME_MESSAGES.roomClosed });
  here.socketsLeave(rooms);
}

/**
 * This node's part of ending a membership, in one tick and without asking any other node: each
 * of the user's sockets here leaves the room's call (the others get `user-left`), chat, video,
 * whiteboard (the others drop its pointer) and focus timer, and is told `removed-from-room`.
 * The socket stays connected for the user's other rooms. True when one of them was in the call.
 */
function evictHere(server: IoServer, roomId: string, userId: string): boolean {
  const ids = server.of('/').adapter.rooms.get(channel.user(userId));
  let leftCall = false;
  // A copy: leaving changes the adapter's sets while we walk them.
  for (const id of [...(ids ?? [])]) {
    const s = server.of('/').sockets.get(id);
    if (!s) continue;
    const inCall = s.rooms.has(channel.call(roomId));
    const inChat = s.rooms.has(channel.chat(roomId));
    const watching = s.rooms.has(channel.watch(roomId));
    const onBoard = s.rooms.has(channel.whiteboard(roomId));
    const focusing = s.rooms.has(channel.focus(roomId));
    if (inCall) {
      leftCall = true;
      server
        .to(channel.call(roomId))
        .except(s.id)
        .emit('user-left', { id: s.id, name: s.data.user.name, userId, reason: 'left' });
    }
    if (onBoard) {
      server
        .to(channel.whiteboard(roomId))
        .except(s.id)
        .emit('whiteboard-peer-left', { roomId, id: s.id });
    }
    s.leave(channel.call(roomId));
    s.leave(channel.chat(roomId));
    s.leave(channel.watch(roomId));
    s.leave(channel.whiteboard(roomId));
    s.leave(channel.focus(roomId));
    if (inChat || inCall || watching || onBoard || focusing) {
      s.emit('removed-from-room', { roomId, message: REALTIME_MESSAGES.removedFromRoom });
    }
  }
  return leftCall;
}

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

export function createLiveService({
  redis,
  rooms,
  roomEvents,
  userEvents,
  syncEvents,
  log,
}: LiveServiceDeps) {
  let io: IoServer | undefined;
  const seatLock = createSeatLock(redis);
  /** Pending re-asks of other nodes (evictFromRoom); none once the server is closing. */
  const retries = new Set<NodeJS.Timeout>();
  let stopped = false;

  async function callSockets(roomId: string) {
    return io ? io.in(channel.call(roomId)).fetchSockets() : [];
  }

  async function callPresence(roomId: string): Promise<CallPresence> {
    const sockets = await callSockets(roomId);
    return {
      roomId,
      count: sockets.length,
      participants: sockets.map((s) => ({ userId: s.data.user.id, name: s.data.user.name })),
    };
  }

  async function announcePresence(roomId: string): Promise<void> {
    if (!io) return;
    io.to(channel.chat(roomId)).emit('call-presence', await callPresence(roomId));
  }

  /** The raised hands among a call's sockets, first raised first (docs/decisions/0063). */
  function handsOf(sockets: Awaited<ReturnType<typeof callSockets>>): RaisedHand[] {
    const hands: RaisedHand[] = [];
    for (const s of sockets) {
      const at = s.data.handAt;
      if (at !== undefined)
        hands.push({ id: s.id, userId: s.data.user.id, name: s.data.user.name, at });
    }
    // `at` is unique within a call; the id only breaks a tie a clock jump could make.
    return hands.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Runs `change` (a hand raised or lowered, someone with a hand up gone) under the room's call
   * lock, then tells the whole call the queue as it is now. The lock is the one joins take: a
   * raise's place and every queue sent are computed one at a time per room, across nodes, so
   * the queues the call hears arrive in the order they were made and a newcomer's first queue
   * (made while it joins, under the same lock) is never older than one it already heard.
   */
  async function changeHands(
    roomId: string,
    change: (hands: RaisedHand[]) => void = () => {},
  ): Promise<void> {
    if (!io) return;
    const server = io;
    await seatLock(roomId, async () => {
      const before = handsOf(await callSockets(roomId));
      change(before);
      server
        .to(channel.call(roomId))
        .emit('hand-queue-state', { roomId, hands: handsOf(await callSockets(roomId)) });
    });
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
    if (evictHere(io, roomId, userId)) announceInBackground(roomId);
    if (!redis) return;
    io.serverSideEmit('membership-ended', { roomId, userId });
    confirmEviction(io, roomId, userId, 1);
  }

  /** Another node's word that a membership ended (see evictFromRoom). */
  function onMembershipEnded(server: IoServer, { roomId, userId }: MembershipEnded): void {
    // Synchronously, before this node reads the next message from Redis.
    if (evictHere(server, roomId, userId)) announceInBackground(roomId);
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
        if (evictHere(server, roomId, userId)) announceInBackground(roomId);
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
   * Call presence (and the hand queue, which loses anyone evicted) after a departure, never
   * failing the caller (it needs every node).
   */
  function announceInBackground(roomId: string): void {
    announcePresence(roomId).catch((err: unknown) => {
      log.warn({ err, roomId }, 'could not announce call presence');
    });
    changeHands(roomId).catch((err: unknown) => {
      log.warn({ err, roomId }, 'could not announce the hand queue');
    });
  }

  /**
   * The room was deleted: every socket leaves its call, chat and video and is told why. Each node does
   * both for its own sockets in one tick: the Redis adapter carries a cluster-wide leave as a
   * separate message that can arrive after the notice, and a client told "room closed" must
   * already be unable to act in the room.
   */
  async function closeRoom(roomId: string): Promise<void> {
    if (!io) return;
    closeRoomHere(io, roomId);
    if (redis) io.serverSideEmit('room-closed', roomId);
  }

  // The rooms service publishes after its write is committed and awaits these: the HTTP reply
  // to a removal or deletion goes out once this node's sockets are out; other nodes follow.
  roomEvents.on('membership-ended', ({ roomId, userId }) => evictFromRoom(roomId, userId));
  roomEvents.on('room-closed', ({ roomId }) => closeRoom(roomId));
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
    /** Called by the socket plugin as the server closes: no more re-asks of other nodes. */
    stopRetries() {
      stopped = true;
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
    },

    /** Called once by the socket plugin. */
    attach(server: IoServer) {
      io = server;
      server.on('user-updated', (user) => refreshLocalSockets(server, user));
      server.on('room-closed', (roomId) => closeRoomHere(server, roomId));
      server.on('membership-ended', (payload) => onMembershipEnded(server, payload));
      server.on('membership-ended-check', (payload, ack) =>
        onMembershipEndedCheck(server, payload, ack),
      );
    },

    /**
     * Runs `work` (count who is in the room's call, then join it or refuse) while no other join to
     * that call runs, on any node, so the call limit holds when several people join at once.
     */
    withCallSeat<T>(roomId: string, work: () => Promise<T>): Promise<T> {
      return seatLock(roomId, work);
    },

    /**
     * Who is in the call and its raised hands, from one look at every node: a join reads both
     * under the room's seat lock, and each look across nodes is a round trip that every other
     * joiner of the room waits for.
     */
    async callRoster(
      roomId: string,
    ): Promise<{ participants: CallParticipant[]; hands: RaisedHand[] }> {
      const sockets = await callSockets(roomId);
      return {
        participants: sockets.map((s) => ({
          id: s.id,
          userId: s.data.user.id,
          name: s.data.user.name,
          ...(s.data.state ? { state: s.data.state } : {}),
        })),
        hands: handsOf(sockets),
      };
    },

    changeHands,

    /** Who is in the room's call right now (the caller has checked it may see the room). */
    callPresence,

    /** Call presence for a member's view of one room. */
    async presenceFor(user: AuthUser, roomId: string): Promise<CallPresence> {
      const room = await rooms.requireMember(roomId, user.id);
      return callPresence(room.id);
    },

    /** Call presence of those rooms the user is a member of; the others are left out. */
    async presenceForMany(user: AuthUser, roomIds: string[]): Promise<CallPresence[]> {
      const results = await Promise.all(
        roomIds.map((id) => this.presenceFor(user, id).catch(() => undefined)),
      );
      return results.filter((p): p is CallPresence => p !== undefined);
    },

    /** Tells the room's chat channel who is in its call now (after a join or a leave). */
    announcePresence,

    /**
     * Ends every live connection of the user on every node (but those of `keepSessionId`, the
     * device that changed the password): called whenever all of a user's sessions end. Each
     * socket is told why first (`session-ended`), then disconnected, which announces
     * `user-left` to its call.
     */
    async endUserConnections(userId: string, keepSessionId?: string): Promise<void> {
      if (!io) return;
      const target = keepSessionId
        ? io.in(channel.user(userId)).except(channel.session(keepSessionId))
        : io.in(channel.user(userId));
      target.emit('session-ended', SESSION_ENDED_EVENT);
      target.disconnectSockets(true);
    },

    /**
     * Ends the live connections of one device's session, on every node. `ended elsewhere`: tell
     * them why first; not when the device signed itself out (its other tabs share the token
     * it just forgot, and were not signed out "on another device").
     */
    async endSessionConnections(sessionId: string, endedElsewhere = true): Promise<void> {
      if (!io) return;
      const target = io.in(channel.session(sessionId));
      if (endedElsewhere) target.emit('session-ended', SESSION_ENDED_EVENT);
      target.disconnectSockets(true);
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
