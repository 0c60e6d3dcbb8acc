import {
  WHITEBOARD_LIMITS,
  whiteboardElementWins,
  type WhiteboardElement,
  type WhiteboardElementStamp,
  type WhiteboardJoinResult,
} from '@studycircle/shared/whiteboard';
import type { Db } from '../../db/client.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import { createWhiteboardRepository } from './whiteboard.repository.js';

/**
 * A room's whiteboard (docs/decisions/0031-room-whiteboard.md): the stored board, read a
 * page at a time, and changes kept element by element by the merge rule (a higher version wins;
 * at the same version the lower versionNonce). Every acknowledged change is already committed:
 * writes are not held back in memory, so a restart or a crash loses nothing that was answered,
 * and any node can take any write. Who may use a board is the rooms service's answer
 * (`requireMember`); the socket transport asks it before subscribing a socket.
 */

export interface WhiteboardServiceDeps {
  db: Db;
  /** Membership, read from the database. */
  rooms: Pick<RoomsService, 'requireMember'>;
  now?: () => Date;
}

/** What storing an update did. */
export interface WhiteboardApplyResult {
  /** The elements now stored as sent: the others in the room get these. */
  stored: WhiteboardElement[];
  /** The stored copies of sent elements that lost to them (the sender applies these). */
  stale: WhiteboardElement[];
  /** New elements left out: the board already holds its maximum. */
  refused: string[];
}

const sameStamp = (a: WhiteboardElementStamp, b: WhiteboardElementStamp) =>
  a.version === b.version && a.versionNonce === b.versionNonce;

/** One copy per id: the one the merge rule keeps. */
function winnersById(elements: WhiteboardElement[]): WhiteboardElement[] {
  const byId = new Map<string, WhiteboardElement>();
  for (const e of elements) {
    if (whiteboardElementWins(e, byId.get(e.id))) byId.set(e.id, e);
  }
  return [...byId.values()];
}

export function createWhiteboardService({
  db,
  rooms,
  now = () => new Date(),
}: WhiteboardServiceDeps) {
  const repo = createWhiteboardRepository(db);

  return {
    /** The room (its canonical id) when the user is a member; 403/404 otherwise. */
    requireMember(roomId: string, userId: string) {
      return rooms.requireMember(roomId, userId);
    },

    /**
     * A page of the stored board in element id order, after `after`. Pages stop at
     * `pageMaxElements` elements or `pageMaxChars` of JSON, so one answer always fits the
     * socket's outgoing allowance. The first page also drops tombstones past their day.
     */
    async page(roomId: string, after?: string): Promise<WhiteboardJoinResult> {
      if (after === undefined) {
        await repo.pruneTombstones(
          roomId,
          new Date(now().getTime() - WHITEBOARD_LIMITS.tombstoneTtlMs),
        );
      }
      const rows = await repo.page(roomId, after, WHITEBOARD_LIMITS.pageMaxElements + 1);
      const elements: WhiteboardElement[] = [];
      let chars = 0;
      for (const row of rows.slice(0, WHITEBOARD_LIMITS.pageMaxElements)) {
        const size = JSON.stringify(row.data).length;
        // Always at least one element, so a page makes progress.
        if (elements.length > 0 && chars + size > WHITEBOARD_LIMITS.pageMaxChars) break;
        elements.push(row.data);
        chars += size;
      }
      const more = elements.length < rows.length;
      return { elements, next: more ? elements[elements.length - 1]!.id : null };
    },

    /**
     * Stores the elements of one update that win over the stored copies. New elements past the
     * board's cap are refused. The count is read before the write, so two nodes adding at once
     * can pass the cap by the size of their updates: it bounds storage, it is not exact.
     */
    async apply(roomId: string, sent: WhiteboardElement[]): Promise<WhiteboardApplyResult> {
      const elements = winnersById(sent);
      const stamps = new Map(
        (
          await repo.stamps(
            roomId,
            elements.map((e) => e.id),
          )
        ).map((s) => [s.elementId, s]),
      );
      // Checked here first, so a losing copy costs no write; the statement checks again under
      // the row lock (another node may have written since).
      const candidates = elements.filter((e) => whiteboardElementWins(e, stamps.get(e.id)));
      const adding = candidates.filter(
        (e) => !e.isDeleted && (stamps.get(e.id)?.isDeleted ?? true),
      );
      const refused = new Set<string>();
      if (adding.length > 0) {
        // Shapes this same update deletes make room (a paste that replaces a selection).
        const freed = candidates.filter(
          (e) => e.isDeleted && stamps.get(e.id)?.isDeleted === false,
        ).length;
        const room = WHITEBOARD_LIMITS.boardMaxElements - (await repo.liveCount(roomId)) + freed;
        for (const e of adding.slice(Math.max(0, room))) refused.add(e.id);
      }
      const toStore = candidates.filter((e) => !refused.has(e.id));
      const written = await repo.store(roomId, toStore);
      const stored = toStore.filter((e) => written.has(e.id));
      // Every sent element the server holds a different copy of goes back to the sender (a
      // resent copy identical to the stored one is left out).
      const lostIds = elements
        .filter((e) => !written.has(e.id) && !refused.has(e.id))
        .map((e) => e.id);
      const byId = new Map(elements.map((e) => [e.id, e]));
      const stale = (await repo.elements(roomId, lostIds)).filter(
        (copy) => !sameStamp(copy, byId.get(copy.id)!),
      );
      return { stored, stale, refused: [...refused] };
    },
  };
}

export type WhiteboardService = ReturnType<typeof createWhiteboardService>;
