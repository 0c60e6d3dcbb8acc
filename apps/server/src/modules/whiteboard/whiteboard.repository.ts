import { and, asc, count, desc, eq, gt, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { WhiteboardElement } from '@studycircle/shared/whiteboard';
import type { Db } from '../../db/client.js';
import { whiteboardElements as table } from './whiteboard.tables.js';

/**
 * The whiteboard module's only access to the database: whiteboard_elements, one row per element
 * of a room's board. The merge rule lives in the SQL of `store` as well as in the service, so
 * that two nodes writing the same element at once cannot undo each other: PostgreSQL locks the
 * row and checks the rule against the copy committed last (docs/decisions/0031-room-whiteboard.md).
 */

export interface StoredStamp {
  elementId: string;
  version: number;
  versionNonce: number;
  isDeleted: boolean;
}

export function createWhiteboardRepository(db: Db) {
  return {
    /** The room's elements in id order after `after`, at most `limit` (tombstones too). */
    async page(roomId: string, after: string | undefined, limit: number) {
      const rows = await db
        .select({ elementId: table.elementId, data: table.data })
        .from(table)
        .where(
          after === undefined
            ? eq(table.roomId, roomId)
            : and(eq(table.roomId, roomId), gt(table.elementId, after)),
        )
        .orderBy(asc(table.elementId))
        .limit(limit);
      return rows.map((r) => ({ elementId: r.elementId, data: r.data as WhiteboardElement }));
    },

    /** The stored stamps of these elements of the room (those that exist). */
    async stamps(roomId: string, elementIds: string[]): Promise<StoredStamp[]> {
      if (elementIds.length === 0) return [];
      return db
        .select({
          elementId: table.elementId,
          version: table.version,
          versionNonce: table.versionNonce,
          isDeleted: table.isDeleted,
        })
        .from(table)
        .where(and(eq(table.roomId, roomId), inArray(table.elementId, elementIds)));
    },

    /** How many elements of the room's board are not deleted. */
    async liveCount(roomId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.roomId, roomId), eq(table.isDeleted, false)));
      return row?.n ?? 0;
    },

    /**
     * Stores each element whose copy wins over the stored one (or that is new) and returns the
     * ids that were written. One statement: the rule is checked under the row's lock, so of two
     * writes racing on two nodes the winner is kept whichever commits last. Ids must be unique.
     */
    async store(roomId: string, elements: WhiteboardElement[]): Promise<Set<string>> {
      if (elements.length === 0) return new Set();
      const rows = await db
        .insert(table)
        .values(
          elements.map((e) => ({
            roomId,
            elementId: e.id,
            version: e.version,
            versionNonce: e.versionNonce,
            isDeleted: e.isDeleted,
            data: e,
          })),
        )
        .onConflictDoUpdate({
          target: [table.roomId, table.elementId],
          set: {
            version: sql`excluded.version`,
            versionNonce: sql`excluded.version_nonce`,
            isDeleted: sql`excluded.is_deleted`,
            data: sql`excluded.data`,
            updatedAt: sql`now()`,
          },
          // The merge rule (packages/shared/src/whiteboard.ts `whiteboardElementWins`).
          setWhere: sql`excluded.version > ${table.version} or (excluded.version = ${table.version} and excluded.version_nonce < ${table.versionNonce})`,
        })
        .returning({ elementId: table.elementId });
      return new Set(rows.map((r) => r.elementId));
    },

    /** The stored copies of these elements (to answer a sender whose copies lost). */
    async elements(roomId: string, elementIds: string[]): Promise<WhiteboardElement[]> {
      if (elementIds.length === 0) return [];
      const rows = await db
        .select({ data: table.data })
        .from(table)
        .where(and(eq(table.roomId, roomId), inArray(table.elementId, elementIds)));
      return rows.map((r) => r.data as WhiteboardElement);
    },

    /**
     * Turns every shape of the room's board into a tombstone one version past its stored copy
     * (with `nonce`), in one statement; returns how many.
     */
    async deleteAll(roomId: string, nonce: number): Promise<number> {
      const rows = await db
        .update(table)
        .set({
          version: sql`${table.version} + 1`,
          versionNonce: nonce,
          isDeleted: true,
          data: sql`${table.data} || jsonb_build_object('version', ${table.version} + 1, 'versionNonce', ${nonce}::bigint, 'isDeleted', true)`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(table.roomId, roomId), eq(table.isDeleted, false)))
        .returning({ elementId: table.elementId });
      return rows.length;
    },

    /**
     * Keeps the room's newest `keep` tombstones and drops the rest: a board's deleted shapes
     * are bounded by count as well as by age.
     */
    async compactTombstones(roomId: string, keep: number): Promise<void> {
      const tombstone = and(eq(table.roomId, roomId), eq(table.isDeleted, true));
      const [row] = await db.select({ n: count() }).from(table).where(tombstone);
      if ((row?.n ?? 0) <= keep) return;
      const newest = db
        .select({ elementId: table.elementId })
        .from(table)
        .where(tombstone)
        .orderBy(desc(table.updatedAt), asc(table.elementId))
        .limit(keep);
      await db.delete(table).where(and(tombstone, notInArray(table.elementId, newest)));
    },

    /** Drops the room's tombstones older than `before`. */
    async pruneTombstones(roomId: string, before: Date): Promise<void> {
      await db
        .delete(table)
        .where(
          and(eq(table.roomId, roomId), eq(table.isDeleted, true), lt(table.updatedAt, before)),
        );
    },
  };
}

export type WhiteboardRepository = ReturnType<typeof createWhiteboardRepository>;
