import type { ServerModule } from '../../module.js';
import { focusRoutes } from './focus.routes.js';
import { createFocusScheduler } from './focus.scheduler.js';
import { FOCUS_CHANNEL, registerFocusHandlers } from './focus.socket.js';

/**
 * The room's focus timer: routes for the day's goal and streak, socket events in its
 * `focus:<roomId>` channel, and this node's timers that end phases on time (focus.scheduler.ts;
 * every node runs them, the guarded write makes one win).
 */
export const focusModule: ServerModule = {
  name: 'focus',
  routes: focusRoutes,
  // Built before the socket part, which sets the timers as phases change.
  jobs: ({ app, services, log, options }) => {
    const timers = createFocusScheduler({
      focus: services.focus,
      log,
      now: options.focus?.now,
      sweepMs: options.focus?.sweepMs,
    });
    // Tests move their own clock and call `app.focusTimers.sweep()`.
    app.decorate('focusTimers', timers);
    return [timers];
  },
  socket: {
    channel: FOCUS_CHANNEL,
    handlers: ({ app, io, services, log, limits }) =>
      registerFocusHandlers(io, {
        focus: services.focus,
        events: services.focusEvents,
        timers: app.focusTimers,
        multiNode: Boolean(app.deps.redis),
        log,
        limits,
      }),
  },
};
