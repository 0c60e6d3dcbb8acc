import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { rooms } from '../rooms/rooms.tables.js';

/**
 * The whiteboard module's table: a room's elements. Declared beside the module, the only one whose
 * repository queries them (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts
 * re-exports them for drizzle-kit and the database client.
 */

/**
 * A room's whiteboard: one row per Excalidraw element, the element as last stored in `data`
 * (jsonb), with the two numbers the merge rule compares beside it. Several nodes write at once
 * safely because each write is one `INSERT ... ON CONFLICT DO UPDATE ... WHERE` the incoming copy
 * wins (higher version, or the same version with a lower nonce): a losing copy changes nothing,
 * whatever order the writes commit in (docs/decisions/0031-room-whiteboard.md). Deleted elements
 * stay as tombstones (`is_deleted`) for a day, so an older copy cannot bring them back.
 */
export const whiteboardElements = pgTable(
  'whiteboard_elements',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    elementId: text('element_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    versionNonce: bigint('version_nonce', { mode: 'number' }).notNull(),
    isDeleted: boolean('is_deleted').notNull(),
    data: jsonb('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.elementId] })],
);
