import type { ServerModule } from '../../module.js';
import { workspaceRoutes } from './workspace.routes.js';
import { registerWorkspaceBroadcasts } from './workspace.socket.js';

/**
 * A room's workspace (shared notes, tasks and files): routes, and `workspace-changed` on the
 * room's chat channel. No channel of its own: nothing to leave.
 */
export const workspaceModule: ServerModule = {
  name: 'workspace',
  routes: workspaceRoutes,
  socket: {
    handlers: ({ io, services }) => {
      registerWorkspaceBroadcasts(io, { events: services.workspaceEvents });
    },
  },
};
