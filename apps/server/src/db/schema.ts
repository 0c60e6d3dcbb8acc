/**
 * The whole database schema, for drizzle-kit (drizzle.config.ts) and the typed client
 * (client.ts). It declares nothing: each table is declared beside the module that owns it, in
 * `modules/<module>/<module>.tables.ts`, and only that module's repository queries it
 * (docs/decisions/0077-each-table-has-one-owner.md). A new tables file gets one line here.
 */

export * from '../modules/users/users.tables.js';
export * from '../modules/auth/auth.tables.js';
export * from '../modules/rooms/rooms.tables.js';
export * from '../modules/invitations/invitations.tables.js';
export * from '../modules/chat/chat.tables.js';
export * from '../modules/contact/contact.tables.js';
export * from '../modules/sync/sync.tables.js';
export * from '../modules/storage/storage.tables.js';
export * from '../modules/reminders/reminders.tables.js';
export * from '../modules/workspace/workspace.tables.js';
export * from '../modules/watch/watch.tables.js';
export * from '../modules/room-notes/room-notes.tables.js';
export * from '../modules/whiteboard/whiteboard.tables.js';
export * from '../modules/focus/focus.tables.js';
