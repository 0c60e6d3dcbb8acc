import type { ServerModule } from '../../module.js';
import { registerWatchHandlers, WATCH_CHANNEL } from './watch.socket.js';

/** Watching a video together: socket events in the room's `watch:<roomId>` channel. */
export const watchModule: ServerModule = {
  name: 'watch',
  socket: {
    channel: WATCH_CHANNEL,
    handlers: ({ io, services, log, limits }) =>
      registerWatchHandlers(io, { watch: services.watch, log, limits }),
  },
};
