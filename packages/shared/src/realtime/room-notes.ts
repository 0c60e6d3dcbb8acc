import type { RoomNotesAccessEnded } from '../room-notes.js';

/** Room notes travel over their own collaboration socket; only this crosses server nodes. */

export interface RoomNotesInterServerEvents {
  /** Room notes connections to close on every node (apps/server room-notes.collab.ts). */
  'room-notes-access-ended': (target: RoomNotesAccessEnded) => void;
}
