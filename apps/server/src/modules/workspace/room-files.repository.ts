import { and, desc, eq, sql } from 'drizzle-orm';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { roomFiles } from './workspace.tables.js';

/**
 * The workspace module's access to room_files, which it owns (docs/decisions/0074-room-files.md):
 * the rows members see and the quotas add up. The bytes are the blob store's.
 */

export interface RoomFileRow {
  id: string;
  roomId: string;
  uploadedBy: string;
  uploaderName: string;
  fileName: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

/** A room file as stored: the uploader's name is the users module's, added by the service. */
export type NewRoomFileRow = Omit<RoomFileRow, 'uploaderName'>;

const columns = {
  id: roomFiles.id,
  roomId: roomFiles.roomId,
  uploadedBy: roomFiles.uploadedBy,
  fileName: roomFiles.fileName,
  contentType: roomFiles.contentType,
  size: roomFiles.size,
  createdAt: roomFiles.createdAt,
};

export function createRoomFilesRepository(handle: Db | Tx) {
  // A service builds it on a transaction it was handed (a held membership's).
  const db = fromTx(handle);
  return {
    async insert(row: NewRoomFileRow): Promise<void> {
      await db.insert(roomFiles).values(row);
    },

    async find(roomId: string, fileId: string): Promise<NewRoomFileRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(roomFiles)
        .where(and(eq(roomFiles.roomId, roomId), eq(roomFiles.id, fileId)));
      return row;
    },

    /** The room's files, newest first. */
    list(roomId: string, limit: number): Promise<NewRoomFileRow[]> {
      return db
        .select(columns)
        .from(roomFiles)
        .where(eq(roomFiles.roomId, roomId))
        .orderBy(desc(roomFiles.createdAt), desc(roomFiles.id))
        .limit(limit);
    },

    /** Bytes stored in the room, and bytes the account stored in any room. */
    async usage(roomId: string, userId: string): Promise<{ room: number; account: number }> {
      const total = (where: ReturnType<typeof eq>) =>
        db
          .select({ bytes: sql<string>`coalesce(sum(${roomFiles.size}), 0)` })
          .from(roomFiles)
          .where(where);
      const [[room], [account]] = await Promise.all([
        total(eq(roomFiles.roomId, roomId)),
        total(eq(roomFiles.uploadedBy, userId)),
      ]);
      return { room: Number(room?.bytes ?? 0), account: Number(account?.bytes ?? 0) };
    },

    /** Removes one file's row; false when it was already gone. */
    async delete(roomId: string, fileId: string): Promise<boolean> {
      const deleted = await db
        .delete(roomFiles)
        .where(and(eq(roomFiles.roomId, roomId), eq(roomFiles.id, fileId)))
        .returning({ id: roomFiles.id });
      return deleted.length > 0;
    },
  };
}

/**
 * Every room file the account uploaded, on the account deletion's transaction
 * (docs/decisions/0065-account-deletion-in-one-transaction.md); the keys of their bytes, for
 * removing them once the deletion is committed.
 */
export async function deleteRoomFilesOfAccount(transaction: Tx, userId: string): Promise<string[]> {
  const tx = fromTx(transaction);
  const deleted = await tx
    .delete(roomFiles)
    .where(eq(roomFiles.uploadedBy, userId))
    .returning({ id: roomFiles.id, roomId: roomFiles.roomId });
  return deleted.map((row) => `${row.roomId}/${row.id}`);
}

export type RoomFilesRepository = ReturnType<typeof createRoomFilesRepository>;
