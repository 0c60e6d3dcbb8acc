import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, bytea } from '../../db/columns.js';
import { users } from '../users/users.tables.js';

/**
 * The storage module's table: file notes' bytes. Declared beside the module, the only one whose
 * repository queries them (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts
 * re-exports them for drizzle-kit and the database client.
 */

/**
 * Stored file bytes (file notes), behind the storage module so that an S3-compatible store can
 * replace this table later. In the database, several nodes on one PostgreSQL see the same files.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The file note's record id. */
    id: text('id').notNull(),
    /** Decided from the bytes (application/pdf, image/png, image/jpeg), never the upload's claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.id] })],
);
