import type { ServerModule } from '../../module.js';
import { CALL_CHANNEL } from './live.service.js';
import { signallingRoutes } from './signalling.routes.js';
import { registerCallHandlers } from './signalling.socket.js';

/**
 * The call: presence over HTTP, signalling over the socket, in the room's `call:<roomId>`
 * channel. A member taken out of the room leaves the call through `leaveCall` (the others hear
 * `user-left`, then presence and the hand queue).
 */
export const signallingModule: ServerModule = {
  name: 'signalling',
  routes: signallingRoutes,
  socket: {
    channel: CALL_CHANNEL,
    handlers: ({ io, services: { rooms, live }, log, limits }) =>
      registerCallHandlers(io, { rooms, live, log, limits }),
    onLeave: (leave, { services }) => services.live.leaveCall(leave),
  },
};
