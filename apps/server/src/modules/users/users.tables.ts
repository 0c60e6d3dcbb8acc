import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/**
 * The users module's table: one row per account. Declared beside the module, the only one whose
 * repository queries them (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts
 * re-exports them for drizzle-kit and the database client.
 */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored trimmed and lower-cased; unique. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  phone: text('phone').notNull().default(''),
  location: text('location').notNull().default(''),
  bio: text('bio').notNull().default(''),
  profilePic: text('profile_pic').notNull().default(''),
  university: text('university').notNull().default(''),
  major: text('major').notNull().default(''),
  yearOfStudy: text('year_of_study').notNull().default(''),
  /** Bumped on logout, password change and reset: tokens carrying an older version are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  /**
   * When the owner of the account proved they read mail at `email` (the mailed verification
   * link); null until then, for accounts made before verification existed too
   * (docs/decisions/0017-proof-of-the-mailbox.md).
   */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
