import type { FastifyBaseLogger } from 'fastify';
import { ChatMessagePayloadSchema, RoomRefPayloadSchema } from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { parseWith } from '../../lib/validate.js';
import { arrivalQueues, channel, sharedEventHandlers } from '../../plugins/socket-handlers.js';
import type { EventLimits } from '../../plugins/socket-limits.js';
import type { IoServer, IoSocket } from '../../types.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import type { LiveService } from '../signalling/live.service.js';
import type { ChatService } from './chat.service.js';

/**
 * A room's live chat over the socket (docs/architecture.md "Real-time contract"): `join-chat`,
 * `leave-chat` and `chat-message`. Membership is checked once, when a socket subscribes to the
 * room's chat channel (the rooms service decides), and remembered as that Socket.IO room; the
 * room presence (modules/room-presence) takes the socket out when the membership or the session ends. The insert of each
 * message checks membership once more, in the same statement, for a node that hears late. Joining the call (`join-room`, modules/signalling) subscribes to
 * the chat too. The choices behind this: docs/decisions/0008-live-room-signalling-and-chat.md.
 */

export interface ChatSocketDeps {
  rooms: Pick<RoomsService, 'requireMember'>;
  chat: Pick<ChatService, 'store'>;
  /** The call presence a subscriber gets with its `join-chat` acknowledgement. */
  live: Pick<LiveService, 'callPresence'>;
  log: FastifyBaseLogger;
  /** Every event's rate limits, per socket and per account (chat's are the shared table's). */
  limits: EventLimits;
}

export function registerChatHandlers(io: IoServer, deps: ChatSocketDeps) {
  const { rooms, chat, live } = deps;
  const handle = sharedEventHandlers(io, deps);
  /**
   * Chat messages from one socket are stored in the order they arrived, even from a client that
   * sends the next before the last is acknowledged: the pool would otherwise run the inserts side
   * by side and commit them in any order.
   */
  const inChatOrder = arrivalQueues();

  /** Subscribes the socket to a room's chat after the rooms service confirms membership. */
  async function joinChat(socket: IoSocket, roomId: string): Promise<string> {
    const room = await rooms.requireMember(roomId, socket.data.user.id);
    await socket.join(channel.chat(room.id));
    return room.id;
  }

  handle('join-chat', async (socket, payload) => {
    const { roomId: requested } = parseWith(RoomRefPayloadSchema, payload);
    // Already subscribed: membership was checked then, and eviction would have taken the
    // socket out, so a repeated join costs no query.
    const roomId = socket.rooms.has(channel.chat(requested))
      ? requested
      : await joinChat(socket, requested);
    return { presence: await live.callPresence(roomId) };
  });

  handle('leave-chat', async (socket, payload) => {
    const { roomId } = parseWith(RoomRefPayloadSchema, payload);
    // A socket in the room's call keeps the call's chat.
    if (socket.data.callRoomId !== roomId) {
      await socket.leave(channel.chat(roomId));
    }
  });

  handle('chat-message', (socket, payload) =>
    inChatOrder(socket, async () => {
      const input = parseWith(ChatMessagePayloadSchema, payload);
      let roomId = input.roomId;
      // First message to a room this socket has not joined (a retry right after a reconnect,
      // before join-chat or join-room was sent again): check membership once and subscribe.
      if (!socket.rooms.has(channel.chat(roomId))) roomId = await joinChat(socket, roomId);
      // Resolves only once the row is committed: the ack below promises durability.
      const { message } = await chat
        .store(socket.data.user, { roomId, text: input.text, clientId: input.id })
        .catch(async (err: unknown) => {
          // No longer a member, and this node had not heard: out of the channel now, so nothing
          // more of the room reaches this socket (docs/decisions/0040).
          if (err instanceof AppError && err.status === 403) {
            await socket.leave(channel.chat(roomId));
          }
          throw err;
        });
      // Broadcast even a retried message again: its first broadcast may have been lost with a
      // crashed node. Clients keep one copy per message id.
      socket.to(channel.chat(roomId)).emit('chat-message', message);
      return { message };
    }),
  );
}
