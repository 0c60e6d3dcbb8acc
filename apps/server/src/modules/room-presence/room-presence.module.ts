import type { ServerModule } from '../../module.js';

/**
 * Room presence, a service only (room-presence.service.ts): app.ts registers every other module's
 * channel and leave hook with it, and the socket plugin attaches the Socket.IO server.
 */
export const roomPresenceModule: ServerModule = { name: 'room-presence' };
