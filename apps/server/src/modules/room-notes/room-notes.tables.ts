import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from '../../db/columns.js';
import { rooms } from '../rooms/rooms.tables.js';

/**
 * The room notes module's tables: the stored document and the log of confirmed changes. Declared
 * beside the module, the only one whose repository queries them
 * (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts re-exports them for drizzle-kit
 * and the database client.
 */

/**
 * A room's shared notes (docs/decisions/0032-room-notes-with-yjs-and-hocuspocus.md): the Yjs
 * document's whole state as one update, written by Hocuspocus a moment after the last change and
 * merged with what is stored (several nodes may hold the document). Goes with its room.
 */
export const roomNotes = pgTable('room_notes', {
  roomId: text('room_id')
    .primaryKey()
    .references(() => rooms.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Room notes' changes as they are confirmed (docs/decisions/0069-room-notes-saved-means-stored.md):
 * every update a client sends is appended here, and only then is the client told it is saved.
 * The periodic store folds the rows it read into `room_notes.state` and deletes them, so the log
 * holds only what came after the last store. Loading merges the state with what is left here.
 */
export const roomNoteUpdates = pgTable(
  'room_note_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
  },
  (t) => [index('room_note_updates_room_idx').on(t.roomId, t.id)],
);
