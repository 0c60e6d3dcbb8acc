import {
  ROOM_MESSAGES,
  WATCH_MESSAGES,
  applyWatchAction,
  emptyWatchState,
  type WatchAction,
  type WatchStateEvent,
} from '@studycircle/shared';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import { keyedQueue } from '../../lib/keyed-queue.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import { videoHostPolicy } from './video-hosts.js';
import { forgetAccountInWatchStates, type WatchRepository } from './watch.repository.js';

/**
 * Watch together (docs/decisions/0033-watch-together.md): a room's video timeline, kept in the
 * database so that it outlives a restart and is the same on every node. Membership is read from the
 * database on every call (through the rooms service), so a member who left is refused at once,
 * everywhere.
 *
 * An action is applied to the stored state with the shared rule (`applyWatchAction`, so a
 * client's preview of its own action is the same arithmetic) and written only if the revision
 * it was computed from is still the stored one; otherwise the state is read again and the action
 * applied to that. Two members acting at once therefore end in one state, with every action
 * applied once and in some order: the one written last has the highest revision, and that is the
 * state every client keeps (docs/decisions/0033-watch-together.md).
 */

export interface WatchServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: WatchRepository;
  /** Membership, read from the database on every call. */
  rooms: Pick<RoomsService, 'requireMember'>;
  /** The server clock in ms (the one `clock-sync` answers with). */
  now?: () => number;
  /** WATCH_ALLOWED_HOSTS: internal hosts a link may still point at (video-hosts.ts). */
  allowedVideoHosts?: readonly string[];
}

/**
 * Tries before giving up on a busy room. A node writes one action per room at a time, so a retry
 * means another node wrote in between: this many in a row takes that many actions on other nodes
 * within one round trip to the database.
 */
const WRITE_ATTEMPTS = 10;

/** PostgreSQL's foreign_key_violation: the room went away mid-request. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.code ?? e?.cause?.code) === '23503';
}

export function createWatchService({
  repo,
  rooms,
  now: clock,
  allowedVideoHosts = [],
}: WatchServiceDeps) {
  const mayPlay = videoHostPolicy(allowedVideoHosts);
  const now = clock ?? Date.now;
  const oneAtATime = keyedQueue();

  return {
    /**
     * The watch part of deleting an account, on its transaction: timelines it changed last
     * keep the name shown, no longer the account (docs/decisions/0065-account-deletion-in-one-transaction.md).
     */
    deleteAccountData(tx: Tx, userId: string): Promise<void> {
      return forgetAccountInWatchStates(tx, userId);
    },

    /** The room's video for a member (an empty timeline when it never had one). */
    async current(user: AuthUser, roomId: string): Promise<WatchStateEvent> {
      const room = await rooms.requireMember(roomId, user.id);
      const state = (await repo.find(room.id)) ?? emptyWatchState(now());
      return { roomId: room.id, state };
    },

    /**
     * Applies a member's action to the room's video and returns the stored result. Play, pause,
     * seek and speed need a video; stopping when there is none changes nothing.
     */
    async act(
      user: AuthUser,
      roomId: string,
      action: WatchAction,
    ): Promise<WatchStateEvent & { changed: boolean }> {
      const room = await rooms.requireMember(roomId, user.id);
      if (action.type === 'start' && !mayPlay(action.src)) {
        throw AppError.badRequest(WATCH_MESSAGES.urlInternal);
      }
      // One write at a time per room on this node; the retries are for the other nodes.
      return oneAtATime(room.id, () => write(user, room.id, action));
    },
  };

  /** Reads the room's state, applies the action and writes it if nobody wrote in between. */
  async function write(
    user: AuthUser,
    roomId: string,
    action: WatchAction,
  ): Promise<WatchStateEvent & { changed: boolean }> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const at = now();
      const stored = (await repo.find(roomId)) ?? emptyWatchState(at);
      if (stored.src === null && action.type !== 'start') {
        if (action.type === 'stop') return { roomId, state: stored, changed: false };
        throw AppError.conflict(WATCH_MESSAGES.noVideo);
      }
      const next = applyWatchAction(stored, action, at, { id: user.id, name: user.name });
      let written: boolean;
      try {
        written = await repo.writeIfRev(roomId, stored.rev, next);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
        throw err;
      }
      if (written) return { roomId, state: next, changed: true };
    }
    throw AppError.conflict(WATCH_MESSAGES.busy);
  }
}

export type WatchService = ReturnType<typeof createWatchService>;
