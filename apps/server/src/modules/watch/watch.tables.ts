import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rooms } from '../rooms/rooms.tables.js';
import { users } from '../users/users.tables.js';

/**
 * The watch module's table: a room's video timeline. Declared beside the module, the only one whose
 * repository queries them (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts
 * re-exports them for drizzle-kit and the database client.
 */

/**
 * A room's video for watching together (docs/decisions/0033-watch-together.md): one row
 * per room that ever had one, the timeline every member's player follows. `position` (seconds)
 * was true at `serverTime` (ms on the server clock); while `playing` it moves at `rate`. Every
 * change bumps `rev` under a guard on the old value, so two members acting at once are applied
 * one after the other and every client keeps the highest revision.
 */
export const roomWatchStates = pgTable('room_watch_states', {
  roomId: text('room_id')
    .primaryKey()
    .references(() => rooms.id, { onDelete: 'cascade' }),
  /** The video link; null once stopped (the row stays so that the revision keeps rising). */
  src: text('src'),
  playing: boolean('playing').notNull().default(false),
  position: doublePrecision('position').notNull().default(0),
  serverTime: bigint('server_time', { mode: 'number' }).notNull(),
  rate: doublePrecision('rate').notNull().default(1),
  rev: integer('rev').notNull().default(0),
  /** Who acted last (their name as it was then, for the toast); null if the account is gone. */
  byUserId: text('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  byName: text('by_name'),
  /** start, play, pause, seek, rate or stop. */
  action: text('action'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
