import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SyncMutation } from '@studycircle/shared';

/**
 * The sync engine's IndexedDB (docs/decisions/0023-study-data-sync-in-the-browser.md), through
 * `idb` (a 1 KB promise wrapper): one database per account, so removing an account's data at
 * sign-out is one deleteDB, holding
 * - outbox: the account's changes not yet accepted by the server, oldest first (auto-increment
 *   seq), each a complete mutation with its client-made mutationId, so a replay after a crash or a
 *   closed tab is harmless;
 * - meta: the pull cursor (the newest server version this device has applied).
 * And one device database holding the guest data set aside while an account's copy is in the
 * study keys (guest-stash.ts).
 */

export interface OutboxEntry {
  seq?: number;
  mutation: SyncMutation;
  /** A file note put's bytes (a data URL), uploaded before the mutation is pushed. */
  fileData?: string;
  /** True once those bytes reached the server. */
  fileUploaded?: boolean;
  /**
   * Not sent before this time (ms): a delete the student may still undo (docs/decisions/0064).
   * Kept in the entry, not in memory, so a closed tab's held delete is sent by the next start.
   */
  heldUntil?: number;
}

interface AccountSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry };
  meta: { key: string; value: number };
}

export type AccountDb = IDBPDatabase<AccountSchema>;

const ACCOUNT_DB_PREFIX = 'studycircle-sync:';

export function accountDbName(account: string): string {
  return `${ACCOUNT_DB_PREFIX}${account}`;
}

/**
 * Opens (creating) an account's database. `onBlocking` runs when another tab wants it gone or
 * upgraded (a sign-out there): the caller closes it and stops syncing.
 */
export function openAccountDb(account: string, onBlocking: () => void): Promise<AccountDb> {
  return openDB<AccountSchema>(accountDbName(account), 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('meta');
    },
    blocking: onBlocking,
  });
}

export async function deleteAccountDb(account: string): Promise<void> {
  await deleteDB(accountDbName(account));
}

const CURSOR = 'cursor';

export async function readCursor(db: AccountDb): Promise<number> {
  return (await db.get('meta', CURSOR)) ?? 0;
}

export async function writeCursor(db: AccountDb, cursor: number): Promise<void> {
  await db.put('meta', cursor, CURSOR);
}
