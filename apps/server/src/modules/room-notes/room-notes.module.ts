import type { ServerModule } from '../../module.js';
import roomNotesCollab from './room-notes.collab.js';

/**
 * The room's shared notes: their own websocket (Hocuspocus) beside Socket.IO on the same HTTP
 * server, which closes the connections whose access ended itself (room-notes.collab.ts).
 */
export const roomNotesModule: ServerModule = { name: 'room-notes', plugin: roomNotesCollab };
