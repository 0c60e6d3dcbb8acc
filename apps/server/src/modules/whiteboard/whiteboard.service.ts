import { randomInt } from 'node:crypto';
import {
  WHITEBOARD_LIMITS,
  WHITEBOARD_MESSAGES,
  whiteboardElementWins,
  type WhiteboardElement,
  type WhiteboardJoinResult,
} from '@studycircle/shared/whiteboard';
import { AppError } from '../../lib/app-error.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import { type WhiteboardRepository } from './whiteboard.repository.js';

/**
 * A room's whiteboard (docs/decisions/0031-room-whiteboard.md): the stored board, read a
 * page at a time, and changes kept element by element by the merge rule (a higher version wins;
 * at the same version the lower versionNonce). Every acknowledged change is already committed:
 * writes are not held back in memory, so a restart or a crash loses nothing that was answered,
 * and any node can take any write. Who may use a board is the rooms service's answer
 * (`requireMember`); the socket transport asks it before subscribing a socket.
 */

export interface WhiteboardServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: WhiteboardRepository;
  /** Membership and roles, read from the database. */
  rooms: Pick<RoomsService, 'requireMember' | 'requireRole'>;
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

/** One copy per id: the one the merge rule keeps. */
function winnersById(elements: WhiteboardElement[]): WhiteboardElement[] {
  const byId = new Map<string, WhiteboardElement>();
  for (const e of elements) {
    if (whiteboardElementWins(e, byId.get(e.id))) byId.set(e.id, e);
  }
  return [...byId.values()];
}

export function createWhiteboardService({
  repo,
  rooms,
  now = () => new Date(),
}: WhiteboardServiceDeps) {
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
     * Stores the elements of one update that win over the stored copies. Refused whole (400,
     * `versionTooFar`) when an element's version jumps more than `versionStepMax` past the stored
     * copy (or starts past it): such a shape could never be outbid or deleted by anyone else. New
     * elements past the board's cap are refused one by one; a new element that arrives already
     * deleted is not stored (nobody else has it), so it cannot fill the board with tombstones.
     * The count is read before the write, so two nodes adding at once can pass the cap by the
     * size of their updates: it bounds storage, it is not exact.
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
      for (const e of elements) {
        const from = stamps.get(e.id)?.version ?? 0;
        if (e.version > from + WHITEBOARD_LIMITS.versionStepMax) {
          throw AppError.badRequest(WHITEBOARD_MESSAGES.versionTooFar);
        }
      }
      // Born deleted: drawn and deleted between two sends, or a flood of tombstones. Answered
      // like a stored change (the sender has nothing to undo), kept nowhere.
      const bornDeleted = new Set(
        elements.filter((e) => e.isDeleted && !stamps.has(e.id)).map((e) => e.id),
      );
      // Checked here first, so a losing copy costs no write; the statement checks again under
      // the row lock (another node may have written since).
      const candidates = elements.filter(
        (e) => !bornDeleted.has(e.id) && whiteboardElementWins(e, stamps.get(e.id)),
      );
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
      if (stored.some((e) => e.isDeleted)) {
        await repo.compactTombstones(roomId, WHITEBOARD_LIMITS.boardMaxTombstones);
      }
      // Every other sent element goes back to the sender as the server holds it, a copy with the
      // same version and nonce too: its fields may differ, and the sender must end with the copy
      // everyone else has (Excalidraw's reconcile takes a remote copy at an equal stamp).
      const lostIds = elements
        .filter((e) => !written.has(e.id) && !refused.has(e.id) && !bornDeleted.has(e.id))
        .map((e) => e.id);
      const stale = await repo.elements(roomId, lostIds);
      return { stored, stale, refused: [...refused] };
    },

    /**
     * Deletes every shape on the room's board, for its owner or an admin (403 otherwise): each
     * becomes a tombstone one version past its stored copy, so every copy of the board drops it
     * by the merge rule, a browser that was offline too when it reads the board again.
     */
    async clear(roomId: string, userId: string): Promise<{ roomId: string; deleted: number }> {
      const room = await rooms.requireRole(
        roomId,
        userId,
        ['owner', 'admin'],
        WHITEBOARD_MESSAGES.clearOwnerOrAdminOnly,
      );
      const deleted = await repo.deleteAll(room.id, randomInt(2 ** 31 - 1));
      await repo.compactTombstones(room.id, WHITEBOARD_LIMITS.boardMaxTombstones);
      return { roomId: room.id, deleted };
    },
  };
}

export type WhiteboardService = ReturnType<typeof createWhiteboardService>;
