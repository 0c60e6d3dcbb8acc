import type { FileNoteType } from '@studycircle/shared';
import type { Tx } from '../../db/tx.js';
import { assertStorableFile } from './file-types.js';
import { deleteFilesOfAccount, type StoredFilesRepository } from './stored-files.repository.js';

/**
 * File bytes (file notes), kept by owner and id. The only way any module reads or writes them:
 * today in the database (stored_files, so every node on one PostgreSQL sees the same files);
 * an S3-compatible store can replace it by implementing `FileStore`, nothing else changes
 * (docs/decisions/0022-study-data-on-the-server.md). Who may read a file is the caller's rule
 * (the sync module: its owner; the workspace: members of a room it is shared with).
 */

export interface StoredFileInfo {
  /** Decided from the bytes when stored (file-types.ts), never the upload's claim. */
  contentType: FileNoteType;
  size: number;
  createdAt: Date;
}

export interface StoredFile extends StoredFileInfo {
  bytes: Buffer;
}

export interface FileStore {
  /**
   * Checks the bytes (PDF, PNG or JPEG by their magic number, at most FILE_NOTE_MAX_BYTES; else
   * 400 or 413 with SYNC_MESSAGES.fileRefused) and stores them under (owner, id), replacing an
   * earlier upload of the same id.
   */
  put(ownerId: string, id: string, bytes: Buffer): Promise<StoredFileInfo>;
  /** Type and size without the bytes; undefined when nothing is stored. */
  stat(ownerId: string, id: string): Promise<StoredFileInfo | undefined>;
  /** The file with its bytes; undefined when nothing is stored. */
  get(ownerId: string, id: string): Promise<StoredFile | undefined>;
  /** Removes the bytes; nothing happens when there were none. */
  delete(ownerId: string, id: string): Promise<void>;
  /**
   * Removes every file of `ownerId` on `tx`, the account deletion's transaction
   * (docs/decisions/0065-account-deletion-in-one-transaction.md). The bytes live in the
   * database, so they go or stay with the rest; a store outside the database would remove them
   * only after the commit instead.
   */
  deleteAccountData(tx: Tx, ownerId: string): Promise<void>;
  /**
   * Files stored before `before`, a page at a time in (owner, id) order after `after`: for the
   * sync module to find uploads no note uses.
   */
  storedBefore(
    before: Date,
    after: { ownerId: string; id: string } | undefined,
    limit: number,
  ): Promise<{ ownerId: string; id: string }[]>;
}

export interface FileStoreDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: StoredFilesRepository;
}

/** The database-backed store (PGlite or PostgreSQL `bytea`). */
export function createFileStore({ repo }: FileStoreDeps): FileStore {
  // Only validated types are ever written, so the column always holds one of them.
  const typed = <T extends { contentType: string }>(row: T) => ({
    ...row,
    contentType: row.contentType as FileNoteType,
  });
  return {
    async put(ownerId, id, bytes) {
      const contentType = assertStorableFile(bytes);
      await repo.put(ownerId, id, contentType, bytes);
      return { contentType, size: bytes.byteLength, createdAt: new Date() };
    },
    async stat(ownerId, id) {
      const row = await repo.stat(ownerId, id);
      return row && typed(row);
    },
    async get(ownerId, id) {
      const row = await repo.get(ownerId, id);
      return row && typed(row);
    },
    delete: (ownerId, id) => repo.delete(ownerId, id),
    deleteAccountData: (tx, ownerId) => deleteFilesOfAccount(tx, ownerId),
    storedBefore: (before, after, limit) => repo.storedBefore(before, after, limit),
  };
}
