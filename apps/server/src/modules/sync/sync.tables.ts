import {
  bigint,
  boolean,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { users } from '../users/users.tables.js';

/**
 * The sync module's tables: each student's synced records and the mutations applied. Declared
 * beside the module, the only one whose repository queries them
 * (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts re-exports them for drizzle-kit
 * and the database client.
 */

/**
 * The one monotonic counter of synced changes (docs/decisions/0022-study-data-on-the-server.md):
 * every applied change of any user's record takes the next value as its version, so a client's
 * cursor is one number.
 */
export const syncVersionSeq = pgSequence('sync_version_seq');

/**
 * A signed-in student's tasks, text notes, file notes and resources (packages/shared sync.ts).
 * Ids are client-made, so the key is (owner, kind, id). A delete keeps the row as a tombstone
 * (deleted, data null) so a stale device cannot bring the record back.
 */
/** When each field of a synced record was last written: its version, edit time and device. */
export type FieldStamps = Record<string, { v: number; at: number; by?: string }>;

export const syncRecords = pgTable(
  'sync_records',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** task, textNote, fileNote or resource. */
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    /** The record as the client stores it, less its id; null on a tombstone. */
    data: jsonb('data'),
    deleted: boolean('deleted').notNull().default(false),
    version: bigint('version', { mode: 'number' }).notNull(),
    /**
     * Per field, the version that last wrote it, when the edit was made (ms) and by which device
     * (docs/decisions/0070-field-level-merge.md); null on rows written before fields were merged.
     */
    fieldStamps: jsonb('field_stamps').$type<FieldStamps>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.kind, t.id] }),
    // A pull reads one owner's changes above a cursor, in version order.
    index('sync_records_owner_version_idx').on(t.ownerId, t.version),
  ],
);

/**
 * Mutation ids already applied, per user: a replayed push answers from here instead of applying
 * twice. Rows older than a month are pruned (a device offline longer re-sends puts, which are
 * idempotent by record id anyway).
 */
export const syncMutations = pgTable(
  'sync_mutations',
  {
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutationId: text('mutation_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.mutationId] }),
    index('sync_mutations_created_idx').on(t.createdAt),
  ],
);
