import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_ERROR_CODES, RoomRefPayloadSchema } from '@studycircle/shared';
import {
  WHITEBOARD_MESSAGES,
  WhiteboardClearPayloadSchema,
  WhiteboardFollowPayloadSchema,
  WhiteboardJoinPayloadSchema,
  WhiteboardPointerPayloadSchema,
  WhiteboardUpdatePayloadSchema,
  WhiteboardViewPayloadSchema,
} from '@studycircle/shared/whiteboard';
import { AppError } from '../../lib/app-error.js';
import { parseWith } from '../../lib/validate.js';
import { arrivalQueues, sharedEventHandlers } from '../../plugins/socket-handlers.js';
import type { EventLimits } from '../../plugins/socket-limits.js';
import type { IoServer, IoSocket } from '../../types.js';
import type { WhiteboardService } from './whiteboard.service.js';
import { roomOfChannel, toolChannel } from '../room-presence/room-presence.service.js';

/**
 * The prefix of a room's whiteboard channel (`whiteboard:<roomId>`): the module's, given to room
 * presence.
 */
export const WHITEBOARD_CHANNEL = 'whiteboard';
export const boardChannel = (roomId: string) => toolChannel(WHITEBOARD_CHANNEL, roomId);

/**
 * The whiteboard's relay on the room's Socket.IO link (packages/shared/src/whiteboard.ts):
 * `whiteboard-join` (subscribe and read the board a page at a time), `whiteboard-update`,
 * `whiteboard-pointer`, `whiteboard-follow` and `whiteboard-view` (following another screen's view,
 * docs/decisions/0068-follow-a-view.md), `whiteboard-clear` (owner and admins) and
 * `whiteboard-leave`. As with the chat, membership is checked by the
 * rooms service when a socket subscribes, and remembered as the Socket.IO room
 * `whiteboard:<roomId>`; room presence takes the socket out of it when the membership ends or
 * the room is deleted. An update, a write, asks the rooms service again every time: the word of
 * a removal can reach this node late (docs/decisions/0040). Broadcasts
 * go to that Socket.IO room, which the Redis adapter spreads to every node.
 */

export interface WhiteboardSocketDeps {
  whiteboard: Pick<WhiteboardService, 'requireMember' | 'page' | 'apply' | 'clear'>;
  log: FastifyBaseLogger;
  limits: EventLimits;
}

export function registerWhiteboardHandlers(io: IoServer, deps: WhiteboardSocketDeps) {
  const { whiteboard, log, limits } = deps;

  // Registered once for the server: a socket keeps no closure per event (decision 0020).
  const handle = sharedEventHandlers(io, { log, limits });
  // One socket's updates are stored in the order they arrived: a later copy of an element must
  // not be overtaken by an earlier one still being written.
  const inOrder = arrivalQueues();

  /** The room's id when this socket is subscribed to its board (still a member), else refused. */
  function subscribed(socket: IoSocket, roomId: string): string {
    if (socket.rooms.has(boardChannel(roomId))) return roomId;
    throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, WHITEBOARD_MESSAGES.notOnBoard);
  }

  /**
   * Refuses, and takes the socket off the board, when its user is no longer a member though the
   * socket is still subscribed here (the removal's word from another node is late).
   */
  async function stillMember(socket: IoSocket, roomId: string): Promise<void> {
    try {
      await whiteboard.requireMember(roomId, socket.data.user.id);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      await socket.leave(boardChannel(roomId));
      throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, WHITEBOARD_MESSAGES.notOnBoard);
    }
  }

  /**
   * Still in its rooms while disconnecting: the others drop this socket's pointer. Listened to
   * only by sockets that opened a board.
   */
  function onDisconnecting(this: IoSocket): void {
    for (const name of this.rooms) {
      const roomId = roomOfChannel(WHITEBOARD_CHANNEL, name);
      if (roomId) this.to(name).emit('whiteboard-peer-left', { roomId, id: this.id });
    }
  }

  handle('whiteboard-join', async (socket, payload) => {
    const { roomId, after } = parseWith(WhiteboardJoinPayloadSchema, payload);
    let id = roomId;
    let canClear: boolean | undefined;
    // A first page always asks the rooms service (a reconnected socket, a room left and joined
    // again); later pages of a subscribed socket rely on eviction, like the chat.
    if (after === undefined || !socket.rooms.has(boardChannel(id))) {
      const room = await whiteboard.requireMember(id, socket.data.user.id);
      id = room.id;
      // Only to show the control: `whiteboard-clear` reads the role again.
      canClear = room.role === 'owner' || room.role === 'admin';
      // Subscribed before reading: a change stored meanwhile arrives as a broadcast, and the
      // browser's merge makes the order of the two harmless.
      await socket.join(boardChannel(id));
      if (!socket.listeners('disconnecting').includes(onDisconnecting)) {
        socket.on('disconnecting', onDisconnecting);
      }
    }
    const page = await whiteboard.page(id, after);
    return canClear === undefined ? page : { ...page, canClear };
  });

  handle('whiteboard-update', (socket, payload) =>
    inOrder(socket, async () => {
      const input = parseWith(WhiteboardUpdatePayloadSchema, payload);
      const roomId = subscribed(socket, input.roomId);
      // Membership again, from the database, on every write: the eviction of a removed member
      // may not have reached this node yet (a stalled node, Redis away; decision 0040).
      await stillMember(socket, roomId);
      // Resolves once committed: the acknowledgement promises the change survives a restart.
      const { stored, stale, refused } = await whiteboard.apply(roomId, input.elements);
      if (stored.length > 0) {
        socket.to(boardChannel(roomId)).emit('whiteboard-update', {
          roomId,
          elements: stored,
        });
      }
      return { stale, refused };
    }),
  );

  handle('whiteboard-clear', (socket, payload) =>
    inOrder(socket, async () => {
      const input = parseWith(WhiteboardClearPayloadSchema, payload);
      const roomId = subscribed(socket, input.roomId);
      // The role is read from the database: an admin made a member a moment ago clears nothing.
      const { deleted } = await whiteboard.clear(roomId, socket.data.user.id);
      // Everyone on the board, the sender's other tabs and the sender too, reads it again.
      io.to(boardChannel(roomId)).emit('whiteboard-cleared', {
        roomId,
        by: socket.data.user.name,
      });
      return { deleted };
    }),
  );

  handle('whiteboard-pointer', async (socket, payload) => {
    const { roomId, x, y, button, tool } = parseWith(WhiteboardPointerPayloadSchema, payload);
    const id = subscribed(socket, roomId);
    const { user } = socket.data;
    // Volatile: a pointer that cannot be sent at once is dropped; the next one replaces it.
    socket.to(boardChannel(id)).volatile.emit('whiteboard-pointer', {
      roomId: id,
      id: socket.id,
      userId: user.id,
      name: user.name,
      x,
      y,
      button,
      tool,
    });
  });

  handle('whiteboard-follow', async (socket, payload) => {
    const { roomId, target, following } = parseWith(WhiteboardFollowPayloadSchema, payload);
    const id = subscribed(socket, roomId);
    if (target === socket.id) return;
    // Told only when it is on this very board (on whichever node): a socket id alone must not
    // let anyone signal a stranger.
    const [followed] = await io.in(target).fetchSockets();
    if (!followed?.rooms.has(boardChannel(id))) {
      throw AppError.realtime(REALTIME_ERROR_CODES.notInRoom, WHITEBOARD_MESSAGES.notOnBoard);
    }
    followed.emit('whiteboard-followed', { roomId: id, by: socket.id, following });
  });

  handle('whiteboard-view', async (socket, payload) => {
    const { roomId, bounds } = parseWith(WhiteboardViewPayloadSchema, payload);
    const id = subscribed(socket, roomId);
    // Volatile, like a pointer: the next view replaces a lost one. The followers pick theirs.
    socket.to(boardChannel(id)).volatile.emit('whiteboard-view', {
      roomId: id,
      id: socket.id,
      bounds,
    });
  });

  handle('whiteboard-leave', async (socket, payload) => {
    const { roomId: id } = parseWith(RoomRefPayloadSchema, payload);
    if (!socket.rooms.has(boardChannel(id))) return;
    await socket.leave(boardChannel(id));
    socket.to(boardChannel(id)).emit('whiteboard-peer-left', { roomId: id, id: socket.id });
    const onAnyBoard = [...socket.rooms].some((name) => roomOfChannel(WHITEBOARD_CHANNEL, name));
    if (!onAnyBoard) socket.off('disconnecting', onDisconnecting);
  });
}
