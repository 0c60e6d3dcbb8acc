import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { rooms } from '../rooms/rooms.tables.js';
import { users } from '../users/users.tables.js';

/**
 * The invitations module's table: invitations mailed to join a room. Declared beside the module,
 * the only one whose repository queries them (docs/decisions/0077-each-table-has-one-owner.md);
 * db/schema.ts re-exports them for drizzle-kit and the database client.
 */

export const roomInvitations = pgTable(
  'room_invitations',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself only ever exists in the e-mail. */
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role').notNull().default('member'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('room_invitations_room_idx').on(t.roomId),
    // The notifications bell lists a user's pending invitations by their e-mail.
    index('room_invitations_email_idx').on(t.email, t.createdAt),
    // One open (unaccepted) invitation per room and address, whatever races: concurrent invites
    // to one address meet here and reuse the row (docs/decisions/0011, 0017).
    uniqueIndex('room_invitations_open_email_idx')
      .on(t.roomId, t.email)
      .where(sql`${t.acceptedAt} is null`),
  ],
);
