import type { ServerModule } from '../../module.js';
import { roomsRoutes } from './rooms.routes.js';

/**
 * Study rooms and their members: routes over the rooms service, whose events tell room presence
 * (modules/room-presence) when a membership ends or a room closes.
 */
export const roomsModule: ServerModule = { name: 'rooms', routes: roomsRoutes };
