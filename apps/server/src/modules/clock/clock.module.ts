import type { ServerModule } from '../../module.js';
import { registerClockHandlers } from './clock.socket.js';

/** The server's time for a client's clock offset: one socket event, no room. */
export const clockModule: ServerModule = {
  name: 'clock',
  socket: { handlers: ({ io, log, limits }) => registerClockHandlers(io, { log, limits }) },
};
