import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roomNotes } from '../../db/schema.js';

/** The room notes module's only access to the database: the room_notes table (Yjs state). */

/** PGlite hands back a Uint8Array, node-postgres a Buffer: one plain type for the callers. */
const bytes = (value: Uint8Array): Uint8Array =>
  new Uint8Array(value.buffer, value.byteOffset, value.byteLength);

/** The room was deleted: its row cannot be written (and is gone with it). */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.code ?? e?.cause?.code) === '23503';
}

export function createRoomNotesRepository(db: Db) {
  return {
    /** The stored state of the room's notes, or undefined when nothing was written yet. */
    async load(roomId: string): Promise<Uint8Array | undefined> {
      const [row] = await db
        .select({ state: roomNotes.state })
        .from(roomNotes)
        .where(eq(roomNotes.roomId, roomId));
      return row && bytes(row.state);
    },

    /**
     * Replaces the stored state with `merge(stored)`, the stored state read under a row lock in
     * the same transaction: two nodes writing at once each merge into what the other wrote, so
     * neither overwrites the other's edits. False when the room no longer exists.
     */
    async update(
      roomId: string,
      merge: (stored: Uint8Array | undefined) => Uint8Array,
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ state: roomNotes.state })
            .from(roomNotes)
            .where(eq(roomNotes.roomId, roomId))
            .for('update');
          const state = merge(row && bytes(row.state));
          if (row) {
            await tx
              .update(roomNotes)
              .set({ state, updatedAt: sql`now()` })
              .where(eq(roomNotes.roomId, roomId));
            return;
          }
          // The first write. Another node's first write may win the insert; then merge with it.
          const inserted = await tx
            .insert(roomNotes)
            .values({ roomId, state })
            .onConflictDoNothing()
            .returning({ roomId: roomNotes.roomId });
          if (inserted.length > 0) return;
          const [theirs] = await tx
            .select({ state: roomNotes.state })
            .from(roomNotes)
            .where(eq(roomNotes.roomId, roomId))
            .for('update');
          await tx
            .update(roomNotes)
            .set({ state: merge(theirs && bytes(theirs.state)), updatedAt: sql`now()` })
            .where(eq(roomNotes.roomId, roomId));
        });
        return true;
      } catch (err) {
        if (isForeignKeyViolation(err)) return false;
        throw err;
      }
    },
  };
}
