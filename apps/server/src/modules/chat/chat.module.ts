import type { ServerModule } from '../../module.js';
import { chatRoutes } from './chat.routes.js';
import { registerChatHandlers } from './chat.socket.js';

/**
 * A room's chat: its history over HTTP, its messages over the socket. Its `chat:<roomId>` channel
 * is the room's: every member with the room open is in it, so other tools announce there too
 * (call presence, workspace changes).
 */
export const chatModule: ServerModule = {
  name: 'chat',
  routes: chatRoutes,
  socket: {
    channel: 'chat',
    handlers: ({ io, services: { rooms, chat, live }, log, limits }) =>
      registerChatHandlers(io, { rooms, chat, live, log, limits }),
  },
};
