import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';

/**
 * The contact module's table: messages sent through the contact form. Declared beside the module,
 * the only one whose repository queries them (docs/decisions/0077-each-table-has-one-owner.md);
 * db/schema.ts re-exports them for drizzle-kit and the database client.
 */

export const contactMessages = pgTable('contact_messages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  priority: text('priority').notNull().default('medium'),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});
