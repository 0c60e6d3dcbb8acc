import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roomNotes, roomNoteUpdates } from './room-notes.tables.js';

/**
 * The room notes module's only access to the database: the room_notes table (each room's Yjs
 * state as of the last store) and room_note_updates (the changes confirmed since).
 */

/** A confirmed change waiting to be appended. */
export interface LoggedUpdate {
  roomId: string;
  update: Uint8Array;
}

/** PGlite hands back a Uint8Array, node-postgres a Buffer: one plain type for the callers. */
const bytes = (value: Uint8Array): Uint8Array =>
  new Uint8Array(value.buffer, value.byteOffset, value.byteLength);

/**
 * A change travels as hex text decoded by the database: PGlite's own bytea conversion goes through
 * a JavaScript array of every byte (about 40 MB of garbage for a 900 KB paste), Buffer's hex is
 * native. node-postgres sends a Buffer as the same hex text, so it costs nothing there.
 */
const toHex = (value: Uint8Array) =>
  sql`decode(${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}, 'hex')`;
const updateHex = sql<string>`encode(${roomNoteUpdates.update}, 'hex')`;
const fromHex = (hex: string): Uint8Array => bytes(Buffer.from(hex, 'hex'));

/** The room was deleted: its rows cannot be written (and are gone with it). */
export function isRoomGone(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.code ?? e?.cause?.code) === '23503';
}

/** Most logged changes one store folds in and deletes. */
const MAX_FOLDED = 5_000;

export function createRoomNotesRepository(db: Db) {
  return {
    /**
     * The stored state of the room's notes and the changes logged since, in the order they were
     * appended; undefined state when no store was written yet.
     */
    async load(roomId: string): Promise<{ state?: Uint8Array; updates: Uint8Array[] }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ state: roomNotes.state })
          .from(roomNotes)
          .where(eq(roomNotes.roomId, roomId));
        const logged = await tx
          .select({ update: updateHex })
          .from(roomNoteUpdates)
          .where(eq(roomNoteUpdates.roomId, roomId))
          .orderBy(asc(roomNoteUpdates.id));
        return { state: row && bytes(row.state), updates: logged.map((r) => fromHex(r.update)) };
      });
    },

    /**
     * Appends confirmed changes, several rooms' in one statement (the caller batches them, as
     * chat's group commit does). Throws when a room no longer exists (isRoomGone).
     */
    async appendUpdates(items: LoggedUpdate[]): Promise<void[]> {
      if (items.length === 0) return [];
      await db
        .insert(roomNoteUpdates)
        .values(items.map(({ roomId, update }) => ({ roomId, update: toHex(update) })));
      return items.map(() => undefined);
    },

    /**
     * Replaces the stored state with `merge(stored, logged)`, the stored state read under a row
     * lock in the same transaction with the changes logged so far, which are then deleted: two
     * nodes writing at once each merge into what the other wrote, so neither overwrites the
     * other's edits, and a change is deleted from the log only in the transaction that folds it
     * in. False when the room no longer exists.
     */
    async update(
      roomId: string,
      merge: (stored: Uint8Array | undefined, logged: Uint8Array[]) => Uint8Array,
    ): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ state: roomNotes.state })
            .from(roomNotes)
            .where(eq(roomNotes.roomId, roomId))
            .for('update');
          // By id, not "up to the highest id": a row with a lower id may commit after this read
          // (ids are taken before commit), and it must stay for the next store.
          const logged = await tx
            .select({ id: roomNoteUpdates.id, update: updateHex })
            .from(roomNoteUpdates)
            .where(eq(roomNoteUpdates.roomId, roomId))
            .orderBy(asc(roomNoteUpdates.id))
            // Bounded, as a statement's parameters are: more waits for the next store.
            .limit(MAX_FOLDED);
          const updates = logged.map((r) => fromHex(r.update));
          if (logged.length > 0) {
            await tx.delete(roomNoteUpdates).where(
              inArray(
                roomNoteUpdates.id,
                logged.map((r) => r.id),
              ),
            );
          }
          const state = merge(row && bytes(row.state), updates);
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
            .set({ state: merge(theirs && bytes(theirs.state), updates), updatedAt: sql`now()` })
            .where(eq(roomNotes.roomId, roomId));
        });
        return true;
      } catch (err) {
        if (isRoomGone(err)) return false;
        throw err;
      }
    },
  };
}

export type RoomNotesRepository = ReturnType<typeof createRoomNotesRepository>;
