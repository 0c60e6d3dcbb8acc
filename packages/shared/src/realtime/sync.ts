import type { SyncPoke } from '../sync.js';

/** Study sync's socket contract: one push, the data itself travels over REST (../sync.ts). */

export interface SyncServerEvents {
  /**
   * The user's study data changed on the server (sync.ts): every device and tab of the user, on
   * every node, pulls from its cursor. No content but the newest version.
   */
  'sync-poke': (payload: SyncPoke) => void;
}
