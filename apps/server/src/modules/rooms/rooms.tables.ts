import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../users/users.tables.js';

/**
 * The rooms module's tables: rooms, their members and the requests to join. Declared beside the
 * module, the only one whose repository queries them
 * (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts re-exports them for drizzle-kit
 * and the database client.
 */

export const rooms = pgTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    /** The join code: 6 to 12 upper-case letters or digits, unique. */
    code: text('code').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    description: text('description').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(true),
    maxMembers: integer('max_members').notNull().default(50),
    status: text('status').notNull().default('active'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Kept in step with room_members in the same transaction, so lists need no count query. */
    memberCount: integer('member_count').notNull().default(0),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rooms_code_idx').on(t.code),
    uniqueIndex('rooms_slug_idx').on(t.slug),
    // Room lists are newest first with (created_at, id) as the keyset: walking this index lets
    // PostgreSQL stop after one page instead of sorting every room a heavy user belongs to.
    index('rooms_created_idx').on(t.createdAt, t.id),
    index('rooms_public_created_idx').on(t.isPrivate, t.createdAt, t.id),
    index('rooms_owner_idx').on(t.ownerId),
    // Each owner's newest public rooms, for the list's per-owner cap (rooms.repository.ts).
    index('rooms_owner_public_created_idx')
      .on(t.ownerId, t.createdAt, t.id)
      .where(sql`${t.isPrivate} = false`),
  ],
);

export const roomMembers = pgTable(
  'room_members',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** owner, admin or member. */
    role: text('role').notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('room_members_user_idx').on(t.userId, t.roomId),
  ],
);

/**
 * A signed-in non-member asking to join a private room, until the owner or an admin accepts or
 * declines it, or they cancel it (docs/decisions/0067-ask-to-join.md).
 */
export const roomJoinRequests = pgTable(
  'room_join_requests',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('room_join_requests_user_idx').on(t.userId),
  ],
);
