import {
  deleteDB,
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPObjectStore,
  type StoreNames,
} from 'idb';
import type { SyncChange, SyncMutation } from '@studycircle/shared';

/**
 * The sync engine's IndexedDB (docs/decisions/0023-study-data-sync-in-the-browser.md), through
 * `idb` (a 1 KB promise wrapper): one database per account, so removing an account's data at
 * sign-out is one deleteDB, holding
 * - outbox: the account's changes not yet accepted by the server, oldest first (auto-increment
 *   seq), each a complete mutation with its client-made mutationId, so a replay after a crash or a
 *   closed tab is harmless;
 * - meta: the pull cursor (the newest server version this device has applied) and this device's
 *   id (random, made once), which a put names so the server knows its own earlier edits;
 * - shadow (version 2, docs/decisions/0070-field-level-merge.md): per record, the server's copy as
 *   this device last knew it, so a put can name the version it was made from and the fields it
 *   changed.
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

/** The server's copy of one record as this device last knew it. */
export interface Shadow {
  version: number;
  data: Record<string, unknown>;
}

interface AccountSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry };
  /** 'cursor': a number; 'device': a string. */
  meta: { key: string; value: number | string };
  /** Keyed by shadowKey(kind, id). */
  shadow: { key: string; value: Shadow };
}

/** The key of a record's shadow. */
export const shadowKey = (kind: string, id: string) => `${kind}\u0000${id}`;

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
  return openDB<AccountSchema>(accountDbName(account), 2, {
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        db.createObjectStore('meta');
      }
      if (oldVersion < 2) {
        db.createObjectStore('shadow');
        const meta = tx.objectStore('meta');
        // The outbox stays as it is (queued changes go without a base: whole records, as before).
        // The cursor goes back to 0 so the next pull fills the shadows: a full pull is cheap.
        void meta.put(0, CURSOR);
        void meta.put(newDeviceId(), DEVICE);
      }
    },
    blocking: onBlocking,
  });
}

export async function deleteAccountDb(account: string): Promise<void> {
  await deleteDB(accountDbName(account));
}

const CURSOR = 'cursor';
const DEVICE = 'device';

function newDeviceId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `d-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export async function readCursor(db: AccountDb): Promise<number> {
  const cursor = await db.get('meta', CURSOR);
  return typeof cursor === 'number' ? cursor : 0;
}

export async function writeCursor(db: AccountDb, cursor: number): Promise<void> {
  await db.put('meta', cursor, CURSOR);
}

/** The meta store inside a transaction that may write it. */
type MetaStore = IDBPObjectStore<
  AccountSchema,
  ArrayLike<StoreNames<AccountSchema>>,
  'meta',
  'readwrite'
>;

/** This device's id for the account (made with the database, or now if it is missing). */
export async function deviceIdIn(meta: MetaStore): Promise<string> {
  const device = await meta.get(DEVICE);
  if (typeof device === 'string') return device;
  const made = newDeviceId();
  await meta.put(made, DEVICE);
  return made;
}

/** Keeps pulled changes as the records' shadows (a tombstone removes it) and moves the cursor. */
export async function storePulled(
  db: AccountDb,
  changes: readonly SyncChange[],
  cursor: number,
): Promise<void> {
  const tx = db.transaction(['shadow', 'meta'], 'readwrite');
  const shadows = tx.objectStore('shadow');
  for (const change of changes) {
    const key = shadowKey(change.kind, change.id);
    if (change.deleted) void shadows.delete(key);
    else void shadows.put({ version: change.version, data: change.data }, key);
  }
  void tx.objectStore('meta').put(cursor, CURSOR);
  await tx.done;
}
