import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../users/users.tables.js';

/**
 * The auth module's tables: device sessions, and the reset and verification links. Declared beside
 * the module, the only one whose repository queries them
 * (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts re-exports them for drizzle-kit
 * and the database client.
 */

/**
 * One row per sign-in (and registration): a device's session. Its id travels in the token, so
 * signing out on one device deletes one row and leaves the others working; the user's token
 * version still ends every session at once (docs/decisions/0021-one-sign-out-per-device.md).
 */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The User-Agent at sign-in, capped (docs/decisions/0055-devices-you-can-tell-apart.md). */
    device: text('device').notNull().default(''),
    createdAt: createdAt(),
    /** Approximate: refreshed at most every few minutes by the requests that use the session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself only ever exists in the e-mail. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Links that verify an account's e-mail address, stored as SHA-256 digests like the reset links.
 * Each names the address it was mailed to, so a link can only ever verify that address.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);
