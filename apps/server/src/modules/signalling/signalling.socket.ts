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
import { arrivalQueues, channel, sharedEventHandlers } from '../../plugins/socket-handlers.js';
import type { EventLimits } from '../../plugins/socket-limits.js';
import type { IoServer, IoSocket } from '../../types.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import { callChannel, type LiveService } from './live.service.js';

/**
 * The call's socket handlers (docs/product.md §9.2, docs/architecture.md "Real-time contract"): `join-room` and
 * `leave-room`, the relayed `offer` / `answer` / `ice-candidate`, `peer-state`, and `user-left`
 * when a socket in a call goes. Thin transports over the rooms service (who may join) and the
 * live service (who is in the call, the seat lock, presence; room presence takes a removed
 * member's sockets out through its `leaveCall`); the room's chat messages are the
 * chat module's (modules/chat/chat.socket.ts).
 *
 * Cheap per-event checks: membership is checked once, when a socket joins a room's chat or call
 * (the rooms service decides), and remembered as the socket's Socket.IO room; eviction (membership
 * or session ended) removes the socket from that room, so the next event is refused. Relayed
 * signalling goes only to one socket that is in the sender's own call when it is sent. Every
 * event is rate-limited per socket and per account (plugins/socket-limits.ts). The choices behind
 * this module: docs/decisions/0008-live-room-signalling-and-chat.md and
 * docs/decisions/0016-socket-limits.md; the raised hands' queue (`hand-queue-state`, kept from
 * `peer-state`): docs/decisions/0063-one-hand-queue-per-call.md.
 */

export interface CallSocketDeps {
  rooms: Pick<RoomsService, 'requireMember'>;
  live: Pick<LiveService, 'withCallSeat' | 'callRoster' | 'announcePresence' | 'changeHands'>;
  log: FastifyBaseLogger;
  limits: EventLimits;
}

/**
 * What a socket in a call keeps beside `socket.data`, only while it is in the call: the peers on
 * other nodes confirmed to be in its call, trusted until the call says they left (this socket is
 * in the call, so every `user-left` (a leave, a disconnect, an eviction) passes through its
 * outgoing packets on this node, and the peer is forgotten at that moment; a peer on a node that
 * died is never announced gone, but its id is dead: a relay to it reaches no one), and the peer a
 * lookup is out for, with whether the call announced it gone meanwhile.
 */
interface CallLink {
  remotePeers: Set<string>;
  lookingUp?: { id: string; left: boolean } | undefined;
}

export function registerCallHandlers(io: IoServer, deps: CallSocketDeps) {
  const { rooms, live, log } = deps;
  const handle = sharedEventHandlers(io, deps);
  const links = new WeakMap<IoSocket, CallLink>();

  /** Every call socket's listener for what it is sent (Socket.IO calls it with the socket). */
  function onOutgoing(this: IoSocket, event: string, peer?: { id?: unknown }): void {
    // Every packet a socket in a call is sent passes here: the event name first, the map after.
    if (event !== 'user-left' || typeof peer?.id !== 'string') return;
    const link = links.get(this);
    if (!link) return;
    link.remotePeers.delete(peer.id);
    if (link.lookingUp?.id === peer.id) link.lookingUp.left = true;
  }

  /**
   * `disconnecting`, not `disconnect`: the socket's rooms are still known here. Listened to only
   * by sockets in a call.
   */
  function onDisconnecting(this: IoSocket, reason: string): void {
    departed(this, reason);
  }

  /** Tells a call that `socket`, disconnecting, has gone (or dropped out for a moment). */
  function departed(socket: IoSocket, reason: string): void {
    const roomId = socket.data.callRoomId;
    if (!roomId || !socket.rooms.has(callChannel(roomId))) return;
    // A dropped link or this node shutting down: the user will likely be back in a moment with
    // a new socket, so the others keep its tile for a while. The server ending the socket
    // itself (its session ended) is a departure.
    const dropped = socket.data.closing === true || reason !== 'server namespace disconnect';
    const { user } = socket.data;
    socket.to(callChannel(roomId)).emit('user-left', {
      id: socket.id,
      name: user.name,
      userId: user.id,
      reason: dropped ? 'disconnected' : 'left',
    });
    const hadHand = socket.data.handAt !== undefined;
    // The socket leaves its rooms right after this handler: announce once it has.
    setImmediate(() => {
      live.announcePresence(roomId).catch((err: unknown) => {
        log.warn({ err, roomId }, 'could not announce call presence');
      });
      if (hadHand) announceHands(roomId);
    });
  }

  /** Tells the call its hand queue after someone with a raised hand went, never failing. */
  function announceHands(roomId: string): void {
    live.changeHands(roomId).catch((err: unknown) => {
      log.warn({ err, roomId }, 'could not announce the hand queue');
    });
  }

  /** The socket has just joined a call: it starts with no confirmed peers. */
  function enterCall(socket: IoSocket): void {
    if (!links.has(socket)) {
      socket.on('disconnecting', onDisconnecting);
      socket.onAnyOutgoing(onOutgoing);
    }
    links.set(socket, { remotePeers: new Set() });
  }

  /** The socket has left its call: what it kept for the call goes. */
  function exitCall(socket: IoSocket): void {
    if (!links.delete(socket)) return;
    socket.off('disconnecting', onDisconnecting);
    socket.offAnyOutgoing(onOutgoing);
    // Removing the last listener leaves the list's storage; this drops it.
    if (socket.listenersAnyOutgoing().length === 0) socket.offAnyOutgoing();
  }

  /** The room of this socket's call, or NOT_IN_ROOM. */
  function currentCall(socket: IoSocket): string {
    const roomId = socket.data.callRoomId;
    if (!roomId || !socket.rooms.has(callChannel(roomId))) {
      throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
    }
    return roomId;
  }

  /**
   * Refuses `to` unless it names one other socket that is in the same call now, on any node.
   * The schema already refuses channel names (they contain a colon); the id must also be the
   * socket's own, so `io.to(to)` reaches that socket and no one else. A socket on this node is
   * checked in the live room map on every relay. One on another node costs one `fetchSockets`
   * of that id (a Redis round trip, ~3 ms here) the first time, then nothing until it leaves:
   * an ICE candidate burst to it stays as cheap as before.
   */
  async function requirePeer(socket: IoSocket, to: string, roomId: string): Promise<void> {
    const refuse = () =>
      AppError.realtime(REALTIME_ERROR_CODES.peerNotFound, REALTIME_MESSAGES.peerNotFound);
    if (to === socket.id) throw refuse();
    const local = io.sockets.sockets.get(to);
    if (local) {
      if (!local.rooms.has(callChannel(roomId))) throw refuse();
      return;
    }
    const link = links.get(socket);
    if (link?.remotePeers.has(to)) return;
    // Relays wait in arrival order, so at most one lookup is out at a time.
    const lookup = { id: to, left: false };
    if (link) link.lookingUp = lookup;
    try {
      const remote = (await io.in(to).fetchSockets()).find((s) => s.id === to);
      // A `user-left` for it that came while the lookup was out may be newer than the answer.
      if (!remote || !remote.rooms.has(callChannel(roomId)) || lookup.left) throw refuse();
    } finally {
      if (link) link.lookingUp = undefined;
    }
    // Kept only while the socket is still in the call the peer was confirmed for.
    if (links.get(socket) === link) link?.remotePeers.add(to);
  }

  /**
   * Relays (offer, answer, ice-candidate) leave in the order they arrived. Checking a peer on
   * another node awaits a lookup while a later relay to a peer already confirmed would not, so
   * without this queue a candidate could overtake its offer.
   */
  const inArrivalOrder = arrivalQueues();

  /** Leaves the call this socket is in, telling the others. */
  async function leaveCall(socket: IoSocket): Promise<void> {
    const roomId = socket.data.callRoomId;
    if (!roomId) return;
    const wasIn = socket.rooms.has(callChannel(roomId));
    await socket.leave(callChannel(roomId));
    const hadHand = socket.data.handAt !== undefined;
    delete socket.data.callRoomId;
    delete socket.data.state;
    delete socket.data.handAt;
    exitCall(socket);
    if (wasIn && hadHand) announceHands(roomId);
    if (wasIn) {
      const { user } = socket.data;
      io.to(callChannel(roomId)).emit('user-left', {
        id: socket.id,
        name: user.name,
        userId: user.id,
        reason: 'left',
      });
      await live.announcePresence(roomId);
    }
  }

  /**
   * Subscribes to a room's chat after the rooms service confirms membership: a call's members
   * chat in it (the chat module handles its messages).
   */
  async function joinChat(socket: IoSocket, roomId: string): Promise<string> {
    const room = await rooms.requireMember(roomId, socket.data.user.id);
    await socket.join(channel.chat(room.id));
    return room.id;
  }

  handle('join-room', async (socket, payload) => {
    const { roomId: requested } = parseWith(JoinRoomPayloadSchema, payload);
    // Already in the room's chat (the room page was open): membership was checked then, and
    // eviction would have taken the socket out, so the call starts without another query.
    const roomId = socket.rooms.has(channel.chat(requested))
      ? requested
      : await joinChat(socket, requested);
    if (socket.data.callRoomId && socket.data.callRoomId !== roomId) await leaveCall(socket);
    // Counting and joining happen under the room's seat lock: two joining at once cannot both
    // take the last seat.
    const { already, others } = await live.withCallSeat(roomId, async () => {
      const already = socket.rooms.has(callChannel(roomId));
      const roster = await live.callRoster(roomId);
      const others = roster.participants.filter((p) => p.id !== socket.id);
      // The ninth is refused the call but keeps the chat subscription made above.
      if (!already && others.length >= CALL_LIMIT) {
        throw AppError.realtime(REALTIME_ERROR_CODES.callFull, REALTIME_MESSAGES.callFull);
      }
      // It may have gone while it waited for the lock: a seat must not go to a ghost.
      if (socket.disconnected) {
        throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
      }
      await socket.join(callChannel(roomId));
      if (!already) {
        enterCall(socket);
        // A socket taken out of a call (evicted, then a member again) comes back with its hand down.
        delete socket.data.handAt;
      }
      // The newcomer's first queue is made under the lock every queue change takes, and it is in
      // the call already, so every later change reaches it after this (docs/decisions/0063). Read
      // with the participants above: a newcomer has no hand up, and one already in is listed.
      socket.emit('hand-queue-state', { roomId, hands: roster.hands });
      return { already, others };
    });
    socket.data.callRoomId = roomId;
    if (!already) {
      const { user } = socket.data;
      socket
        .to(callChannel(roomId))
        .emit('user-joined', { id: socket.id, name: user.name, userId: user.id });
      void live.announcePresence(roomId).catch((err: unknown) => {
        log.warn({ err, roomId }, 'could not announce call presence');
      });
    }
    socket.emit('users-in-room', others);
    return { self: socket.id, users: others, limit: CALL_LIMIT };
  });

  handle('leave-room', async (socket, payload) => {
    const { roomId } = parseWith(RoomRefPayloadSchema, payload);
    if (socket.data.callRoomId === roomId) await leaveCall(socket);
    await socket.leave(channel.chat(roomId));
  });

  /**
   * A relay handler: parses the payload, checks its target is in this socket's call, then
   * hands it to `send`, in arrival order. `from` (and the offer's `name`) are the server's: a
   * client cannot speak for another.
   */
  function relay<S extends z.ZodType<{ to: string }>>(
    schema: S,
    send: (socket: IoSocket, input: z.output<S>) => void,
  ) {
    return (socket: IoSocket, payload: unknown) =>
      inArrivalOrder(socket, async () => {
        const input = parseWith(schema, payload);
        await requirePeer(socket, input.to, currentCall(socket));
        send(socket, input);
      });
  }

  handle(
    'offer',
    relay(OfferPayloadSchema, (socket, { to, sdp }) =>
      io.to(to).emit('offer', { from: socket.id, sdp, name: socket.data.user.name }),
    ),
  );
  handle(
    'answer',
    relay(AnswerPayloadSchema, (socket, { to, sdp }) =>
      io.to(to).emit('answer', { from: socket.id, sdp }),
    ),
  );
  handle(
    'ice-candidate',
    relay(IceCandidatePayloadSchema, (socket, { to, candidate }) =>
      io.to(to).emit('ice-candidate', { from: socket.id, candidate }),
    ),
  );

  handle('peer-state', async (socket, payload) => {
    const input = parseWith(PeerStatePayloadSchema, payload);
    const roomId = currentCall(socket);
    if (input.roomId !== roomId) {
      throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
    }
    const state = {
      muted: input.muted,
      videoOff: input.videoOff,
      hand: input.hand,
      ...(input.sharing === undefined ? {} : { sharing: input.sharing }),
    };
    const handWas = socket.data.state?.hand === true;
    socket.data.state = state;
    socket.to(callChannel(roomId)).emit('peer-state', { id: socket.id, ...state });
    if (state.hand === handWas) return;
    // The hand went up or down: its place in the queue is settled under the room's lock, from
    // the latest state this socket announced (a quick raise and lower may both be waiting).
    await live.changeHands(roomId, (hands) => {
      const up = socket.data.callRoomId === roomId && socket.data.state?.hand === true;
      if (!up) delete socket.data.handAt;
      else if (socket.data.handAt === undefined) {
        // Strictly after every hand already up, even if this node's clock is behind another's:
        // `at` is the room's order as well as a time (docs/decisions/0063).
        socket.data.handAt = Math.max(Date.now(), ...hands.map((h) => h.at + 1));
      }
    });
  });
}
