import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { storedFiles } from './storage.tables.js';

/** The storage module's only access to the database: the stored_files table (file bytes). */

export interface StoredFileRow {
  contentType: string;
  size: number;
  createdAt: Date;
}

export function createStoredFilesRepository(db: Db) {
  return {
    /** Stores the bytes under (owner, id), replacing what was there (a retried upload). */
    async put(ownerId: string, id: string, contentType: string, bytes: Buffer): Promise<void> {
      await db
        .insert(storedFiles)
        .values({ ownerId, id, contentType, size: bytes.byteLength, bytes })
        .onConflictDoUpdate({
          target: [storedFiles.ownerId, storedFiles.id],
          set: { contentType, size: bytes.byteLength, bytes, createdAt: sql`now()` },
        });
    },

    /** The file's type and size, without reading its bytes. */
    async stat(ownerId: string, id: string): Promise<StoredFileRow | undefined> {
      const [row] = await db
        .select({
          contentType: storedFiles.contentType,
          size: storedFiles.size,
          createdAt: storedFiles.createdAt,
        })
        .from(storedFiles)
        .where(and(eq(storedFiles.ownerId, ownerId), eq(storedFiles.id, id)));
      return row;
    },

    async get(
      ownerId: string,
      id: string,
    ): Promise<(StoredFileRow & { bytes: Buffer }) | undefined> {
      const [row] = await db
        .select({
          contentType: storedFiles.contentType,
          size: storedFiles.size,
          createdAt: storedFiles.createdAt,
          bytes: storedFiles.bytes,
        })
        .from(storedFiles)
        .where(and(eq(storedFiles.ownerId, ownerId), eq(storedFiles.id, id)));
      // PGlite hands back a Uint8Array, node-postgres a Buffer: one type for the callers.
      return (
        row && {
          ...row,
          bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
        }
      );
    },

    /** Files stored before `before`, in (owner, id) order after `after`, at most `limit`. */
    async storedBefore(
      before: Date,
      after: { ownerId: string; id: string } | undefined,
      limit: number,
    ): Promise<{ ownerId: string; id: string }[]> {
      return db
        .select({ ownerId: storedFiles.ownerId, id: storedFiles.id })
        .from(storedFiles)
        .where(
          and(
            lt(storedFiles.createdAt, before),
            after
              ? sql`(${storedFiles.ownerId}, ${storedFiles.id}) > (${after.ownerId}, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(storedFiles.ownerId), asc(storedFiles.id))
        .limit(limit);
    },

    async delete(ownerId: string, id: string): Promise<void> {
      await db
        .delete(storedFiles)
        .where(and(eq(storedFiles.ownerId, ownerId), eq(storedFiles.id, id)));
    },
  };
}

/**
 * Every file the account uploaded, on the account deletion's transaction
 * (docs/decisions/0065-account-deletion-in-one-transaction.md).
 */
export async function deleteFilesOfAccount(transaction: Tx, ownerId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx.delete(storedFiles).where(eq(storedFiles.ownerId, ownerId));
}

export type StoredFilesRepository = ReturnType<typeof createStoredFilesRepository>;
