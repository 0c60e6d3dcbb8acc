import { REALTIME_MESSAGES, type CallParticipant, type CallPresence } from '@studycircle/shared';
import type { ServiceContext } from '../../services.js';
import type { IoServer } from '../../types.js';
import type { AuthUser } from '../auth/auth.types.js';
import { createSeatLock } from './seat-lock.js';

/**
 * Live connections: who is in which call, and ending connections when a session or a membership
 * ends. Other services call it (auth when a token version is bumped, rooms when a member leaves,
 * is removed, or the room is deleted); no route touches sockets. Everything here works across
 * nodes: `in(...).fetchSockets()`, `disconnectSockets()`, `leave()` and room broadcasts go
 * through the Redis adapter when REDIS_URL is set.
 *
 * The socket plugin attaches the Socket.IO server once it exists; before that no socket can be
 * connected, so every method is a no-op.
 */

/** Socket.IO room names: every socket of a user, a room's chat channel, a room's call. */
export const channel = {
  user: (userId: string) => `user:${userId}`,
  chat: (roomId: string) => `chat:${roomId}`,
  call: (roomId: string) => `call:${roomId}`,
};

/**
 * Updates the user on this node's sockets of that user. In place: the socket's handlers hold the
 * object they were connected with (signalling.socket.ts reads `socket.data.user` once).
 */
function refreshLocalSockets(server: IoServer, user: AuthUser): void {
  const ids = server.of('/').adapter.rooms.get(channel.user(user.id)) ?? new Set<string>();
  for (const id of ids) {
    const socket = server.of('/').sockets.get(id);
    if (socket) Object.assign(socket.data.user, { name: user.name, email: user.email });
  }
}

export function createLiveService(ctx: ServiceContext) {
  let io: IoServer | undefined;
  const seatLock = createSeatLock(ctx.deps.redis);

  async function callSockets(roomId: string) {
    return io ? io.in(channel.call(roomId)).fetchSockets() : [];
  }

  return {
    /** Called once by the socket plugin. */
    attach(server: IoServer) {
      io = server;
      server.on('user-updated', (user) => refreshLocalSockets(server, user));
    },

    /**
     * The user's profile changed (a new name): every socket of theirs, on every node, carries it
     * from now on, so a socket opened before a rename does not stamp the old name on new chat
     * messages. This node at once, the others through the adapter.
     */
    async userUpdated(user: AuthUser): Promise<void> {
      if (!io) return;
      refreshLocalSockets(io, user);
      io.serverSideEmit('user-updated', user);
    },

    /**
     * Runs `work` (count who is in the room's call, then join it or refuse) while no other join to
     * that call runs, on any node, so the call limit holds when several people join at once.
     */
    withCallSeat<T>(roomId: string, work: () => Promise<T>): Promise<T> {
      return seatLock(roomId, work);
    },

    /** Everyone in the room's call now, on every node, as `users-in-room` lists them. */
    async callParticipants(roomId: string): Promise<CallParticipant[]> {
      const sockets = await callSockets(roomId);
      return sockets.map((s) => ({
        id: s.id,
        userId: s.data.user.id,
        name: s.data.user.name,
        ...(s.data.state ? { state: s.data.state } : {}),
      }));
    },

    /** Who is in the room's call right now (the caller has checked it may see the room). */
    async callPresence(roomId: string): Promise<CallPresence> {
      const sockets = await callSockets(roomId);
      return {
        roomId,
        count: sockets.length,
        participants: sockets.map((s) => ({ userId: s.data.user.id, name: s.data.user.name })),
      };
    },

    /** Call presence for a member's view of one room. */
    async presenceFor(user: AuthUser, roomId: string): Promise<CallPresence> {
      const room = await ctx.services.rooms.requireMember(roomId, user.id);
      return this.callPresence(room.id);
    },

    /** Call presence of those rooms the user is a member of; the others are left out. */
    async presenceForMany(user: AuthUser, roomIds: string[]): Promise<CallPresence[]> {
      const results = await Promise.all(
        roomIds.map((id) => this.presenceFor(user, id).catch(() => undefined)),
      );
      return results.filter((p): p is CallPresence => p !== undefined);
    },

    /** Tells the room's chat channel who is in its call now (after a join or a leave). */
    async announcePresence(roomId: string): Promise<void> {
      if (!io) return;
      io.to(channel.chat(roomId)).emit('call-presence', await this.callPresence(roomId));
    },

    /**
     * Ends every live connection of the user on every node: called whenever the user's token
     * version is bumped (sign-out, password change or reset). Each disconnect announces
     * `user-left` to that socket's call.
     */
    async endUserConnections(userId: string): Promise<void> {
      io?.in(channel.user(userId)).disconnectSockets(true);
    },

    /**
     * The user is no longer a member of the room: each of its sockets leaves the room's call
     * (the others get `user-left`) and chat, and is told `removed-from-room`. The socket stays
     * connected for the user's other rooms.
     */
    async evictFromRoom(roomId: string, userId: string): Promise<void> {
      if (!io) return;
      const sockets = await io.in(channel.user(userId)).fetchSockets();
      let leftCall = false;
      for (const s of sockets) {
        // Read before leaving: for a local socket `rooms` is the live set, emptied by leave().
        const inCall = s.rooms.has(channel.call(roomId));
        const inChat = s.rooms.has(channel.chat(roomId));
        if (inCall) {
          leftCall = true;
          io.to(channel.call(roomId))
            .except(s.id)
            .emit('user-left', { id: s.id, name: s.data.user.name, userId });
        }
        s.leave(channel.call(roomId));
        s.leave(channel.chat(roomId));
        if (inChat || inCall) {
          s.emit('removed-from-room', { roomId, message: REALTIME_MESSAGES.removedFromRoom });
        }
      }
      if (leftCall) await this.announcePresence(roomId);
    },

    /** The room was deleted: every socket leaves its call and chat and is told why. */
    async closeRoom(roomId: string): Promise<void> {
      if (!io) return;
      const everyone = io.in([channel.chat(roomId), channel.call(roomId)]);
      everyone.emit('removed-from-room', { roomId, message: REALTIME_MESSAGES.roomClosed });
      everyone.socketsLeave([channel.chat(roomId), channel.call(roomId)]);
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
