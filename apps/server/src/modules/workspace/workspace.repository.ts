import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { WorkspaceKind } from '@studycircle/shared';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { roomShares } from './workspace.tables.js';
import { syncRecords } from '../sync/sync.tables.js';
import { users } from '../users/users.tables.js';

/**
 * The workspace module's only access to the database: room_shares, which it owns, and reads of
 * sync_records, which the sync module owns and writes. A share names a live record, so the list
 * reads each record's current data in the same query rather than asking the sync service record
 * by record (docs/decisions/0024-room-workspace-shares-live-records.md). Nothing here writes a
 * record.
 */

export interface ShareRow {
  id: string;
  roomId: string;
  ownerId: string;
  kind: string;
  recordId: string;
  sharedBy: string;
  sharerName: string;
  createdAt: Date;
  /** The record's data now; null when its owner deleted it (a tombstone). */
  data: unknown;
}

export interface NewShareRow {
  id: string;
  roomId: string;
  ownerId: string;
  kind: WorkspaceKind;
  recordId: string;
  sharedBy: string;
  createdAt: Date;
}

const shareColumns = {
  id: roomShares.id,
  roomId: roomShares.roomId,
  ownerId: roomShares.ownerId,
  kind: roomShares.kind,
  recordId: roomShares.recordId,
  sharedBy: roomShares.sharedBy,
  sharerName: users.name,
  createdAt: roomShares.createdAt,
  data: syncRecords.data,
};

/** The record a share names (same owner, kind and id). */
const recordOfShare = and(
  eq(syncRecords.ownerId, roomShares.ownerId),
  eq(syncRecords.kind, roomShares.kind),
  eq(syncRecords.id, roomShares.recordId),
);

export function createWorkspaceRepository(handle: Db | Tx) {
  // A service builds it on a transaction it was handed (a held membership's).
  const db = fromTx(handle);
  /** One share of the room with its record's current data (null data: deleted record). */
  async function findShare(roomId: string, shareId: string): Promise<ShareRow | undefined> {
    const [row] = await db
      .select(shareColumns)
      .from(roomShares)
      .innerJoin(users, eq(users.id, roomShares.sharedBy))
      .innerJoin(syncRecords, recordOfShare)
      .where(and(eq(roomShares.roomId, roomId), eq(roomShares.id, shareId)));
    return row;
  }

  return {
    /** The owner's record's data, or undefined when there is none or it is a tombstone. */
    async findLiveRecord(
      ownerId: string,
      kind: WorkspaceKind,
      id: string,
    ): Promise<{ data: unknown } | undefined> {
      const [row] = await db
        .select({ data: syncRecords.data })
        .from(syncRecords)
        .where(
          and(
            eq(syncRecords.ownerId, ownerId),
            eq(syncRecords.kind, kind),
            eq(syncRecords.id, id),
            eq(syncRecords.deleted, false),
          ),
        );
      return row;
    },

    /**
     * Shares a record with a room once: when it is already shared there, nothing is written and
     * the existing share is returned with `created: false`.
     */
    async insertOnce(row: NewShareRow): Promise<{ share: ShareRow | undefined; created: boolean }> {
      const inserted = await db
        .insert(roomShares)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: roomShares.id });
      if (inserted.length > 0) return { share: await findShare(row.roomId, row.id), created: true };
      const [existing] = await db
        .select({ id: roomShares.id })
        .from(roomShares)
        .where(
          and(
            eq(roomShares.roomId, row.roomId),
            eq(roomShares.ownerId, row.ownerId),
            eq(roomShares.kind, row.kind),
            eq(roomShares.recordId, row.recordId),
          ),
        );
      return {
        share: existing ? await findShare(row.roomId, existing.id) : undefined,
        created: false,
      };
    },

    /**
     * The room's shares whose records still exist, newest first, with the sharer's current name
     * and each record's current data.
     */
    async listLive(roomId: string, limit: number): Promise<ShareRow[]> {
      return db
        .select(shareColumns)
        .from(roomShares)
        .innerJoin(users, eq(users.id, roomShares.sharedBy))
        .innerJoin(syncRecords, recordOfShare)
        .where(and(eq(roomShares.roomId, roomId), eq(syncRecords.deleted, false)))
        .orderBy(desc(roomShares.createdAt), desc(roomShares.id))
        .limit(limit);
    },

    findShare,

    /** Removes one share; false when it was already gone. */
    async deleteShare(roomId: string, shareId: string): Promise<boolean> {
      const deleted = await db
        .delete(roomShares)
        .where(and(eq(roomShares.roomId, roomId), eq(roomShares.id, shareId)))
        .returning({ id: roomShares.id });
      return deleted.length > 0;
    },

    /** Removes everything one person shared with a room (their membership ended); the count. */
    async deleteSharesBy(roomId: string, userId: string): Promise<number> {
      const deleted = await db
        .delete(roomShares)
        .where(and(eq(roomShares.roomId, roomId), eq(roomShares.sharedBy, userId)))
        .returning({ id: roomShares.id });
      return deleted.length;
    },

    /** The rooms any of the owner's records (of one kind each) is shared with. */
    async roomsSharing(
      ownerId: string,
      records: { kind: string; id: string }[],
    ): Promise<string[]> {
      if (records.length === 0) return [];
      const rooms = new Set<string>();
      // One query per kind: the (owner, kind, record) index answers each.
      const byKind = new Map<string, string[]>();
      for (const r of records) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r.id]);
      for (const [kind, ids] of byKind) {
        const rows = await db
          .selectDistinct({ roomId: roomShares.roomId })
          .from(roomShares)
          .where(
            and(
              eq(roomShares.ownerId, ownerId),
              eq(roomShares.kind, kind),
              inArray(roomShares.recordId, ids),
            ),
          );
        for (const row of rows) rooms.add(row.roomId);
      }
      return [...rooms];
    },
  };
}

export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;

/**
 * Every share of the account's records, and every share it made, in any room, on the account
 * deletion's transaction (docs/decisions/0065-account-deletion-in-one-transaction.md).
 */
export async function deleteSharesOfAccount(transaction: Tx, userId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx
    .delete(roomShares)
    .where(or(eq(roomShares.ownerId, userId), eq(roomShares.sharedBy, userId)));
}
