import type { ServerModule } from '../../module.js';
import { invitationsRoutes } from './invitations.routes.js';

/** Invitations to a room by mail: routes only. */
export const invitationsModule: ServerModule = { name: 'invitations', routes: invitationsRoutes };
