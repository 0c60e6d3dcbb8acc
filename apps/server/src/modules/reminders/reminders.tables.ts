import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../users/users.tables.js';

/**
 * The reminders module's tables: the daily mail's settings and sends. Declared beside the module,
 * the only one whose repository queries them (docs/decisions/0077-each-table-has-one-owner.md);
 * db/schema.ts re-exports them for drizzle-kit and the database client.
 */

/**
 * A student's daily reminder mail settings (docs/decisions/0025-daily-reminder-mail.md): opted in
 * or not, and the IANA time zone whose calendar day and 07:00 the mail follows. No row: off.
 */
export const reminderMailSettings = pgTable(
  'reminder_mail_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    timeZone: text('time_zone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The scheduler reads the opted-in students only.
  (t) => [
    index('reminder_mail_settings_enabled_idx')
      .on(t.timeZone)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * One row per student and local day once that day's mail is claimed: the claim that makes each
 * day's mail go out once with several nodes (decision 0025). `claimedUntil` is the lease of the
 * node sending it (or, after a failed send, when it may be tried again); `finishedAt` is set when
 * the mail was accepted by the mail server, or when there was nothing to send that day.
 */
export const reminderMailSends = pgTable(
  'reminder_mail_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The student's local calendar day, yyyy-mm-dd. */
    day: text('day').notNull(),
    /** Random per attempt: only the claimant may finish or release the row. */
    claimId: text('claim_id'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** How many tasks the mail listed; 0 when there were none and no mail went out. */
    taskCount: integer('task_count'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // Rows of past days are pruned by age.
    index('reminder_mail_sends_created_idx').on(t.createdAt),
  ],
);
