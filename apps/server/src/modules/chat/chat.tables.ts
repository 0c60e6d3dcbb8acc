import { bigserial, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { rooms } from '../rooms/rooms.tables.js';
import { users } from '../users/users.tables.js';

/**
 * The chat module's table: the rooms' messages. Declared beside the module, the only one whose
 * repository queries them (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts
 * re-exports them for drizzle-kit and the database client.
 */

export const roomMessages = pgTable(
  'room_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    /**
     * The id the sender's client made for this message: a retried send carries the same one, and
     * the unique index stores it once. Scoped to the author so nobody can block another's ids.
     */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_messages_room_created_idx').on(t.roomId, t.createdAt),
    // History pages and catch-up read by room in id order (ids follow commit order per room).
    index('room_messages_room_id_idx').on(t.roomId, t.id),
    uniqueIndex('room_messages_client_id_idx').on(t.roomId, t.userId, t.clientId),
  ],
);
