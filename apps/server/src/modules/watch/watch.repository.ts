import { and, eq } from 'drizzle-orm';
import { WATCH_ACTION_TYPES, type WatchActionType, type WatchState } from '@studycircle/shared';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { roomWatchStates } from './watch.tables.js';

/**
 * The watch module's only access to the database: room_watch_states, one row per room that ever
 * had a video. A write names the revision it was computed from and lands only if the row still
 * holds it, so two writers never both win (docs/decisions/0033-watch-together.md).
 */

const columns = {
  src: roomWatchStates.src,
  playing: roomWatchStates.playing,
  position: roomWatchStates.position,
  serverTime: roomWatchStates.serverTime,
  rate: roomWatchStates.rate,
  rev: roomWatchStates.rev,
  byUserId: roomWatchStates.byUserId,
  byName: roomWatchStates.byName,
  action: roomWatchStates.action,
};

type Row = {
  src: string | null;
  playing: boolean;
  position: number;
  serverTime: number;
  rate: number;
  rev: number;
  byUserId: string | null;
  byName: string | null;
  action: string | null;
};

function toState(row: Row): WatchState {
  const action = (WATCH_ACTION_TYPES as readonly string[]).includes(row.action ?? '')
    ? (row.action as WatchActionType)
    : null;
  return {
    src: row.src,
    playing: row.playing,
    position: row.position,
    serverTime: row.serverTime,
    rate: row.rate,
    rev: row.rev,
    // An account deleted since keeps no name on the room's timeline.
    by: row.byUserId ? { id: row.byUserId, name: row.byName ?? '' } : null,
    action,
  };
}

function toRow(state: WatchState) {
  return {
    src: state.src,
    playing: state.playing,
    position: state.position,
    serverTime: state.serverTime,
    rate: state.rate,
    rev: state.rev,
    byUserId: state.by?.id ?? null,
    byName: state.by?.name ?? null,
    action: state.action,
    updatedAt: new Date(),
  };
}

export function createWatchRepository(db: Db) {
  return {
    /** The room's timeline, or undefined when it never had a video. */
    async find(roomId: string): Promise<WatchState | undefined> {
      const [row] = await db
        .select(columns)
        .from(roomWatchStates)
        .where(eq(roomWatchStates.roomId, roomId));
      return row ? toState(row) : undefined;
    },

    /**
     * Stores `next` if the room's revision is still `baseRev` (0: the room has no row yet).
     * False when another write got there first: the caller reads again and recomputes.
     */
    async writeIfRev(roomId: string, baseRev: number, next: WatchState): Promise<boolean> {
      if (baseRev === 0) {
        const inserted = await db
          .insert(roomWatchStates)
          .values({ roomId, ...toRow(next) })
          .onConflictDoNothing()
          .returning({ rev: roomWatchStates.rev });
        return inserted.length > 0;
      }
      const updated = await db
        .update(roomWatchStates)
        .set(toRow(next))
        .where(and(eq(roomWatchStates.roomId, roomId), eq(roomWatchStates.rev, baseRev)))
        .returning({ rev: roomWatchStates.rev });
      return updated.length > 0;
    },
  };
}

export type WatchRepository = ReturnType<typeof createWatchRepository>;

/**
 * A room's timeline the account changed last keeps the name it showed, no longer the account:
 * on the account deletion's transaction (docs/decisions/0065-account-deletion-in-one-transaction.md).
 */
export async function forgetAccountInWatchStates(transaction: Tx, userId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx
    .update(roomWatchStates)
    .set({ byUserId: null })
    .where(eq(roomWatchStates.byUserId, userId));
}
