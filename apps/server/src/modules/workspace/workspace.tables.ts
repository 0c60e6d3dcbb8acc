import { foreignKey, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { rooms } from '../rooms/rooms.tables.js';
import { syncRecords } from '../sync/sync.tables.js';
import { users } from '../users/users.tables.js';

/**
 * The workspace module's tables: shares of synced records and files uploaded to a room. Declared
 * beside the module, the only one whose repository queries them
 * (docs/decisions/0077-each-table-has-one-owner.md); db/schema.ts re-exports them for drizzle-kit
 * and the database client.
 */

/**
 * What members shared with a room's workspace (docs/product.md §5.13). A share names the owner's
 * synced record (owner, kind, id), not a copy of it: the room sees the record as it is now, and a
 * deleted record drops out (docs/decisions/0024-room-workspace-shares-live-records.md). A record
 * is shared with a room at most once.
 */
export const roomShares = pgTable(
  'room_shares',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    /** Whose record it is (today always the sharer: only an owner may share a record). */
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** textNote, fileNote or resource. */
    kind: text('kind').notNull(),
    recordId: text('record_id').notNull(),
    sharedBy: text('shared_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // The shared record must exist; should sync ever drop a record outright (not a tombstone),
    // its shares go with it.
    foreignKey({
      name: 'room_shares_record_fk',
      columns: [t.ownerId, t.kind, t.recordId],
      foreignColumns: [syncRecords.ownerId, syncRecords.kind, syncRecords.id],
    }).onDelete('cascade'),
    uniqueIndex('room_shares_record_idx').on(t.roomId, t.ownerId, t.kind, t.recordId),
    // The workspace lists a room's shares newest first.
    index('room_shares_room_created_idx').on(t.roomId, t.createdAt),
    // A changed record finds the rooms it is shared with (and the foreign key its shares).
    index('room_shares_owner_record_idx').on(t.ownerId, t.kind, t.recordId),
  ],
);

/**
 * A file uploaded straight to a room's workspace (docs/decisions/0074-room-files.md): its bytes
 * live in the blob store (the data folder by default) under `<room_id>/<id>`, written before this
 * row; the row is what members see and what the quotas add up. Owned by the workspace module.
 */
export const roomFiles = pgTable(
  'room_files',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Decided from the bytes when stored (room-file-check.ts). */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // The list, newest first, and the room's quota.
    index('room_files_room_created_idx').on(t.roomId, t.createdAt),
    // The account's quota, and deleting an account's files.
    index('room_files_uploaded_by_idx').on(t.uploadedBy),
  ],
);
