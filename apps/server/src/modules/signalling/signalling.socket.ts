import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  AnswerPayloadSchema,
  CALL_LIMIT,
  CHAT_RATE_LIMIT,
  ChatMessagePayloadSchema,
  IceCandidatePayloadSchema,
  JoinRoomPayloadSchema,
  OfferPayloadSchema,
  PeerStatePayloadSchema,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  RoomRefPayloadSchema,
  type ClientToServerEvents,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { parseWith } from '../../lib/validate.js';
import { socketErrorOf } from '../../plugins/errors.js';
import type { Services } from '../../services.js';
import type { IoServer } from '../../types.js';
import { channel } from './live.service.js';

/**
 * The live room's socket handlers (docs/product.md §9.2, docs/architecture.md "Real-time
 * contract"). A thin transport like an HTTP route: each event is parsed with its shared schema,
 * checked, handed to a service where there is a rule to apply, and answered with one
 * acknowledgement shape (or a `server-error` event when the client sent no callback). Nothing a
 * client sends can crash the process: every handler's failure is mapped like the HTTP error handler
 * maps it.
 *
 * Cheap per-event checks: membership is checked once, when a socket joins a room's chat or call
 * (the rooms service decides), and remembered as the socket's Socket.IO room; eviction (membership
 * or session ended) removes the socket from that room, so the next event is refused. Relayed
 * signalling goes only to a socket in the sender's own call. The choices behind this module:
 * docs/decisions/0008-live-room-signalling-and-chat.md.
 */

export interface SignallingOptions {
  /** Per-socket chat limit; the default is the shared CHAT_RATE_LIMIT. */
  chatRate?: { burst: number; perSecond: number };
}

/** A token bucket: `burst` at once, refilled continuously at `perSecond`. */
function tokenBucket(rate: { burst: number; perSecond: number }) {
  let tokens = rate.burst;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(rate.burst, tokens + ((now - last) / 1000) * rate.perSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Runs the tasks handed to it one after another, in the order they were handed over. */
function arrivalQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** How long a peer on another node, once seen in the sender's call, is trusted without a lookup. */
const REMOTE_PEER_TTL_MS = 5_000;

export function registerSignallingHandlers(
  io: IoServer,
  services: Services,
  log: FastifyBaseLogger,
  options: SignallingOptions = {},
) {
  const { rooms, chat, live } = services;
  const chatRate = options.chatRate ?? CHAT_RATE_LIMIT;

  io.on('connection', (socket) => {
    const user = socket.data.user;
    const takeChatToken = tokenBucket(chatRate);
    /** Peers on other nodes recently confirmed to be in this socket's call, with expiry times. */
    const remotePeers = new Map<string, number>();

    /**
     * Registers a handler: the payload arrives as `unknown` and is parsed by the handler; the
     * result (or the mapped error) goes to the ack when there is one, else errors go out as
     * `server-error`.
     */
    function handle<E extends keyof ClientToServerEvents>(
      event: E,
      handler: (payload: unknown) => Promise<object | void>,
    ) {
      const listener = async (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as (r: object) => void) : undefined;
        try {
          const result = await handler(payload);
          reply?.({ ok: true, ...result });
        } catch (err) {
          const { code, message } = socketErrorOf(err, log, { event, socketId: socket.id });
          if (reply) reply({ ok: false, code, message });
          else socket.emit('server-error', { code, message, event });
        }
      };
      socket.on(event, listener as never);
    }

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
    /**
     * Chat messages from one socket are stored in the order they arrived, even from a client that
     * sends the next before the last is acknowledged: the pool would otherwise run the inserts side
     * by side and commit them in any order.
     */
    const inChatOrder = arrivalQueue();

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

    /** Subscribes to a room's chat after the rooms service confirms membership. */
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

    handle('join-chat', async (payload) => {
      const input = parseWith(RoomRefPayloadSchema, payload);
      const roomId = await joinChat(input.roomId.toLowerCase());
      return { presence: await live.callPresence(roomId) };
    });

    handle('leave-chat', async (payload) => {
      const { roomId } = parseWith(RoomRefPayloadSchema, payload);
      // A socket in the room's call keeps the call's chat.
      if (socket.data.callRoomId !== roomId.toLowerCase()) {
        await socket.leave(channel.chat(roomId.toLowerCase()));
      }
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

    handle('chat-message', (payload) =>
      inChatOrder(async () => {
        const input = parseWith(ChatMessagePayloadSchema, payload);
        if (!takeChatToken()) {
          throw AppError.tooManyRequests(REALTIME_MESSAGES.chatRateLimited);
        }
        let roomId = input.roomId.toLowerCase();
        // First message to a room this socket has not joined (a retry right after a reconnect,
        // before join-room was sent again): check membership once and subscribe.
        if (!socket.rooms.has(channel.chat(roomId))) roomId = await joinChat(roomId);
        // Resolves only once the row is committed: the ack below promises durability.
        const { message } = await chat.store(user, {
          roomId,
          text: input.text,
          clientId: input.id,
        });
        // Broadcast even a retried message again: its first broadcast may have been lost with a
        // crashed node. Clients keep one copy per message id.
        socket.to(channel.chat(roomId)).emit('chat-message', message);
        return { message };
      }),
    );

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
