import { deleteDB, openDB, type DBSchema } from 'idb';

/**
 * The device's guest data while an account's copy fills the study keys (docs/decisions/0023):
 * the raw values of the keys as they were before sign-in, kept in IndexedDB (file notes make them
 * too large to copy within localStorage's quota), offered to the account, and put back at
 * sign-out unless the account took them.
 */

export interface GuestStash {
  /** Raw key values by name (the app decides which keys; see app/sync/device-data.ts). */
  values: Record<string, string>;
  /** Accounts that answered "not mine": they are not asked again. */
  declinedBy: string[];
}

interface DeviceSchema extends DBSchema {
  stash: { key: string; value: GuestStash };
}

const DB_NAME = 'studycircle-device';
const KEY = 'guest';

function open() {
  return openDB<DeviceSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('stash');
    },
  });
}

export async function readGuestStash(): Promise<GuestStash | null> {
  const db = await open();
  try {
    return (await db.get('stash', KEY)) ?? null;
  } finally {
    db.close();
  }
}

export async function writeGuestStash(stash: GuestStash): Promise<void> {
  const db = await open();
  try {
    await db.put('stash', stash, KEY);
  } finally {
    db.close();
  }
}

export async function deleteGuestStash(): Promise<void> {
  await deleteDB(DB_NAME);
}
