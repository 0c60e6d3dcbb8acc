import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rooms } from '../rooms/rooms.tables.js';
import { users } from '../users/users.tables.js';

/**
 * The focus module's tables: the rooms' timers, their participants, and each student's focus days
 * and goals. Declared beside the module, the only one whose repository queries them
 * (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts re-exports them for drizzle-kit
 * and the database client.
 */

/**
 * A room's focus timer (docs/decisions/0034-focus-sessions.md): one row per room that ever ran
 * one, as state plus a revision. Every change is one `UPDATE ... WHERE rev = $n` that adds one,
 * so two members acting at once, or two nodes ending the same phase, leave one state. Times are
 * server milliseconds; `ends_at` is set while a phase runs, for the sweep that finds due ones.
 */
export const focusSessions = pgTable(
  'focus_sessions',
  {
    roomId: text('room_id')
      .primaryKey()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** idle, focus, short-break or long-break. */
    phase: text('phase').notNull(),
    round: integer('round').notNull(),
    phaseStartedAt: bigint('phase_started_at', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    pausedRemainingMs: integer('paused_remaining_ms'),
    endsAt: bigint('ends_at', { mode: 'number' }),
    /** {focusMin, shortMin, longMin, roundsBeforeLong} */
    settings: jsonb('settings').notNull(),
    rev: integer('rev').notNull(),
    /** Who made the last change (null: the server's own phase change), and what it was. */
    byUserId: text('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name'),
    change: text('change'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('focus_sessions_ends_at_idx')
      .on(t.endsAt)
      .where(sql`${t.endsAt} is not null`),
  ],
);

/**
 * Who takes part in a room's running focus session, with their goal (one of their own tasks, by
 * id and title). Credited at the end of each focus round; gone when the session stops.
 */
export const focusParticipants = pgTable(
  'focus_participants',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => focusSessions.roomId, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Server ms: a late joiner is credited from here. */
    joinedAt: bigint('joined_at', { mode: 'number' }).notNull(),
    goalTaskId: text('goal_task_id'),
    goalTitle: text('goal_title'),
    /** A focus round ended with the goal open: the member's recap (done or carry over) waits. */
    recapDue: boolean('recap_due').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);

/** A student's focus per Asia/Kolkata day: credited in the transaction that ends a focus round. */
export const focusDays = pgTable(
  'focus_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** yyyy-mm-dd in Asia/Kolkata. */
    day: text('day').notNull(),
    focusMs: bigint('focus_ms', { mode: 'number' }).notNull().default(0),
    /** Focus rounds completed. */
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Goals marked done in a focus recap: once per task, on the Asia/Kolkata day it was done. */
export const focusGoals = pgTable(
  'focus_goals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    day: text('day').notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.taskId] }),
    index('focus_goals_user_day_idx').on(t.userId, t.day),
  ],
);
