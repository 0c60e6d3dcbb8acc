import type { ServerModule } from '../../module.js';
import {
  boardChannel,
  registerWhiteboardHandlers,
  WHITEBOARD_CHANNEL,
} from './whiteboard.socket.js';

/**
 * The room's whiteboard: socket events in its `whiteboard:<roomId>` channel. A member taken out
 * of the room leaves the board, and the others drop its pointer (`whiteboard-peer-left`).
 */
export const whiteboardModule: ServerModule = {
  name: 'whiteboard',
  socket: {
    channel: WHITEBOARD_CHANNEL,
    handlers: ({ io, services, log, limits }) =>
      registerWhiteboardHandlers(io, { whiteboard: services.whiteboard, log, limits }),
    onLeave: ({ io, socket, roomId, reason }) => {
      // A closed room's board empties at once: nobody is left to tell.
      if (reason !== 'removed') return;
      io.to(boardChannel(roomId)).except(socket.id).emit('whiteboard-peer-left', {
        roomId,
        id: socket.id,
      });
    },
  },
};
