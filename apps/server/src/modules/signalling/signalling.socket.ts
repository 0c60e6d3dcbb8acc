import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  AnswerPayloadSchema,
  CALL_LIMIT,
  IceCandidatePayloadSchema,
  JoinRoomPayloadSchema,
  OfferPayloadSchema,
  PeerStatePayloadSchema,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  RoomRefPayloadSchema,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { parseWith } from '../../lib/validate.js';
import { arrivalQueue, channel, eventHandlers } from '../../plugins/socket-handlers.js';
import type { IoServer } from '../../types.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import type { LiveService } from './live.service.js';

/**
 * The call's socket handlers (docs/product.md §9.2, docs/architecture.md "Real-time contract"): `join-room` and
 * `leave-room`, the relayed `offer` / `answer` / `ice-candidate`, `peer-state`, and `user-left`
 * when a socket in a call goes. Thin transports over the rooms service (who may join) and the
 * live service (who is in the call, the seat lock, presence); the room's chat messages are the
 * chat module's (modules/chat/chat.socket.ts).
 *
 * Cheap per-event checks: membership is checked once, when a socket joins a room's chat or call
 * (the rooms service decides), and remembered as the socket's Socket.IO room; eviction (membership
 * or session ended) removes the socket from that room, so the next event is refused. Relayed
 * signalling goes only to a socket in the sender's own call. The choices behind this module:
 * docs/decisions/0008-live-room-signalling-and-chat.md.
 */

/** How long a peer on another node, once seen in the sender's call, is trusted without a lookup. */
const REMOTE_PEER_TTL_MS = 5_000;

export interface CallSocketDeps {
  rooms: Pick<RoomsService, 'requireMember'>;
  live: Pick<LiveService, 'withCallSeat' | 'callParticipants' | 'announcePresence'>;
  log: FastifyBaseLogger;
}

export function registerCallHandlers(io: IoServer, { rooms, live, log }: CallSocketDeps) {
  io.on('connection', (socket) => {
    const user = socket.data.user;
    const handle = eventHandlers(socket, log);
    /** Peers on other nodes recently confirmed to be in this socket's call, with expiry times. */
    const remotePeers = new Map<string, number>();

    /** The room of this socket's call, or NOT_IN_ROOM. */
    function currentCall(): string {
      const roomId = socket.data.callRoomId;
      if (!roomId || !socket.rooms.has(channel.call(roomId))) {
        throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
      }
      return roomId;
    }

    /** Refuses `to` unless it names another socket in the same call, on any node. */
    async function requirePeer(to: string, roomId: string): Promise<void> {
      const refuse = () =>
        AppError.realtime(REALTIME_ERROR_CODES.peerNotFound, REALTIME_MESSAGES.peerNotFound);
      if (to === socket.id) throw refuse();
      const local = io.sockets.sockets.get(to);
      if (local) {
        if (!local.rooms.has(channel.call(roomId))) throw refuse();
        return;
      }
      const until = remotePeers.get(to);
      if (until !== undefined && until > Date.now()) return;
      const [remote] = await io.in(to).fetchSockets();
      if (!remote || !remote.rooms.has(channel.call(roomId))) throw refuse();
      remotePeers.set(to, Date.now() + REMOTE_PEER_TTL_MS);
    }

    /**
     * Relays (offer, answer, ice-candidate) leave in the order they arrived. Checking a peer on
     * another node awaits a lookup while a later relay to a peer already confirmed would not, so
     * without this queue a candidate could overtake its offer.
     */
    const inArrivalOrder = arrivalQueue();

    /** Leaves the call this socket is in, telling the others. */
    async function leaveCall(): Promise<void> {
      const roomId = socket.data.callRoomId;
      if (!roomId) return;
      const wasIn = socket.rooms.has(channel.call(roomId));
      await socket.leave(channel.call(roomId));
      delete socket.data.callRoomId;
      delete socket.data.state;
      remotePeers.clear();
      if (wasIn) {
        io.to(channel.call(roomId)).emit('user-left', {
          id: socket.id,
          name: user.name,
          userId: user.id,
        });
        await live.announcePresence(roomId);
      }
    }

    /**
     * Subscribes to a room's chat after the rooms service confirms membership: a call's members
     * chat in it (the chat module handles its messages).
     */
    async function joinChat(roomId: string): Promise<string> {
      const room = await rooms.requireMember(roomId, user.id);
      await socket.join(channel.chat(room.id));
      return room.id;
    }

    handle('join-room', async (payload) => {
      const input = parseWith(JoinRoomPayloadSchema, payload);
      const requested = input.roomId.toLowerCase();
      // Already in the room's chat (the room page was open): membership was checked then, and
      // eviction would have taken the socket out, so the call starts without another query.
      const roomId = socket.rooms.has(channel.chat(requested))
        ? requested
        : await joinChat(requested);
      if (socket.data.callRoomId && socket.data.callRoomId !== roomId) await leaveCall();
      // Counting and joining happen under the room's seat lock: two joining at once cannot both
      // take the last seat.
      const { already, others } = await live.withCallSeat(roomId, async () => {
        const already = socket.rooms.has(channel.call(roomId));
        const others = (await live.callParticipants(roomId)).filter((p) => p.id !== socket.id);
        // The ninth is refused the call but keeps the chat subscription made above.
        if (!already && others.length >= CALL_LIMIT) {
          throw AppError.realtime(REALTIME_ERROR_CODES.callFull, REALTIME_MESSAGES.callFull);
        }
        // It may have gone while it waited for the lock: a seat must not go to a ghost.
        if (socket.disconnected) {
          throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
        }
        await socket.join(channel.call(roomId));
        return { already, others };
      });
      socket.data.callRoomId = roomId;
      if (!already) {
        socket
          .to(channel.call(roomId))
          .emit('user-joined', { id: socket.id, name: user.name, userId: user.id });
        void live.announcePresence(roomId).catch((err: unknown) => {
          log.warn({ err, roomId }, 'could not announce call presence');
        });
      }
      socket.emit('users-in-room', others);
      return { self: socket.id, users: others, limit: CALL_LIMIT };
    });

    handle('leave-room', async (payload) => {
      const { roomId } = parseWith(RoomRefPayloadSchema, payload);
      if (socket.data.callRoomId === roomId.toLowerCase()) await leaveCall();
      await socket.leave(channel.chat(roomId.toLowerCase()));
    });

    /**
     * A relay handler: parses the payload, checks its target is in this socket's call, then
     * hands it to `send`, in arrival order. `from` (and the offer's `name`) are the server's: a
     * client cannot speak for another.
     */
    function relay<S extends z.ZodType<{ to: string }>>(
      schema: S,
      send: (input: z.output<S>) => void,
    ) {
      return (payload: unknown) =>
        inArrivalOrder(async () => {
          const input = parseWith(schema, payload);
          await requirePeer(input.to, currentCall());
          send(input);
        });
    }

    handle(
      'offer',
      relay(OfferPayloadSchema, ({ to, sdp }) =>
        io.to(to).emit('offer', { from: socket.id, sdp, name: user.name }),
      ),
    );
    handle(
      'answer',
      relay(AnswerPayloadSchema, ({ to, sdp }) =>
        io.to(to).emit('answer', { from: socket.id, sdp }),
      ),
    );
    handle(
      'ice-candidate',
      relay(IceCandidatePayloadSchema, ({ to, candidate }) =>
        io.to(to).emit('ice-candidate', { from: socket.id, candidate }),
      ),
    );

    handle('peer-state', async (payload) => {
      const input = parseWith(PeerStatePayloadSchema, payload);
      const roomId = currentCall();
      if (input.roomId.toLowerCase() !== roomId) {
        throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
      }
      const state = {
        muted: input.muted,
        videoOff: input.videoOff,
        hand: input.hand,
        ...(input.sharing === undefined ? {} : { sharing: input.sharing }),
      };
      socket.data.state = state;
      socket.to(channel.call(roomId)).emit('peer-state', { id: socket.id, ...state });
    });

    // `disconnecting`, not `disconnect`: the socket's rooms are still known here.
    socket.on('disconnecting', () => {
      const roomId = socket.data.callRoomId;
      if (!roomId || !socket.rooms.has(channel.call(roomId))) return;
      socket
        .to(channel.call(roomId))
        .emit('user-left', { id: socket.id, name: user.name, userId: user.id });
      // The socket leaves its rooms right after this handler: announce once it has.
      setImmediate(() => {
        live.announcePresence(roomId).catch((err: unknown) => {
          log.warn({ err, roomId }, 'could not announce call presence');
        });
      });
    });
  });
}
