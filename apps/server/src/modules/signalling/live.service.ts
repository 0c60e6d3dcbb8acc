import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CallParticipant, CallPresence, RaisedHand } from '@studycircle/shared';
import { channel } from '../../plugins/socket-handlers.js';
import type { IoServer } from '../../types.js';
import type { AuthUser } from '../auth/auth.types.js';
import { toolChannel, type RoomLeave } from '../room-presence/room-presence.service.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import { createSeatLock } from './seat-lock.js';

/** The prefix of a room's call channel (`call:<roomId>`): the module's, given to room presence. */
export const CALL_CHANNEL = 'call';
export const callChannel = (roomId: string) => toolChannel(CALL_CHANNEL, roomId);

/**
 * The call's live side: who is in which call (across nodes), the seat lock that holds the call
 * limit, the raised hands' queue and the presence a room's members see. Room presence
 * (modules/room-presence) takes a leaver's sockets out of the call and calls `leaveCall`; the
 * socket plugin attaches the Socket.IO server once it exists, and before that every method is a
 * no-op. Everything here works across nodes: `in(...).fetchSockets()` and room broadcasts go
 * through the Redis adapter when REDIS_URL is set.
 */

export interface LiveServiceDeps {
  /** For the call's seat lock across nodes; without it the lock is in-process. */
  redis: Redis | undefined;
  /** Presence is shown to a room's members only. */
  rooms: Pick<RoomsService, 'requireMember'>;
  /** Announcements that failed after a leave are logged here. */
  log: FastifyBaseLogger;
}

export function createLiveService({ redis, rooms, log }: LiveServiceDeps) {
  let io: IoServer | undefined;
  const seatLock = createSeatLock(redis);
  /** Rooms whose call lost someone in the eviction under way, announced once it has ended. */
  const toAnnounce = new Set<string>();

  async function callSockets(roomId: string) {
    return io ? io.in(callChannel(roomId)).fetchSockets() : [];
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
        .to(callChannel(roomId))
        .emit('hand-queue-state', { roomId, hands: handsOf(await callSockets(roomId)) });
    });
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
   * A socket of this node leaves the room's call because its membership ended (room presence,
   * decision 0040): the others hear `user-left` at once, while it is still in the call. Presence
   * and the hand queue are announced once every socket of the eviction has left: room presence
   * takes them all out in one tick, so one announcement after it covers them all.
   */
  function leaveCall({ io: server, socket, roomId, userId, reason }: RoomLeave): void {
    // Everyone leaves a closed room's call: nobody is left to tell.
    if (reason !== 'removed') return;
    server
      .to(callChannel(roomId))
      .except(socket.id)
      .emit('user-left', { id: socket.id, name: socket.data.user.name, userId, reason: 'left' });
    if (toAnnounce.has(roomId)) return;
    toAnnounce.add(roomId);
    queueMicrotask(() => {
      toAnnounce.delete(roomId);
      announceInBackground(roomId);
    });
  }

  return {
    /** Called once by the socket plugin. */
    attach(server: IoServer) {
      io = server;
    },

    leaveCall,

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
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
