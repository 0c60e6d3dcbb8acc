import * as Y from 'yjs';
import {
  ROOM_NOTES_CLOSE,
  type RoomNotesAccessEnded,
  type RoomNotesCloseReason,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher, EventSubscriber } from '../../lib/events.js';
import type { AuthService, SessionEvents } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomEvents, RoomsService } from '../rooms/rooms.service.js';
import { groupCommit } from '../../lib/group-commit.js';
import { isRoomGone, type RoomNotesRepository } from './room-notes.repository.js';

/**
 * A room's shared notes (docs/decisions/0032-room-notes-with-yjs-and-hocuspocus.md): who may open
 * them, how their Yjs state is loaded and stored, and when open connections must end. The
 * websocket transport (room-notes.collab.ts, Hocuspocus) calls it; it knows nothing of sockets.
 *
 * - Opening: a valid, current token and membership of the room, read from the database.
 * - Saving: each change is appended to a log before its writer is told it is saved; a moment
 *   later the document's state is merged into what is stored, folding the log in, so several
 *   nodes holding the same document never overwrite each other's edits.
 * - Ending: a member who left or was removed, a deleted room, and ended sessions are announced
 *   as `access-ended`; the transport closes those connections on every node.
 */

export interface RoomNotesEvents {
  /** Connections whose access just ended; the transport closes them, saying why. */
  'access-ended': RoomNotesAccessEnded;
}

/** Why a connection may not open a room's notes; the reason goes to the client as is. */
export class RoomNotesRefusal extends Error {
  constructor(readonly reason: RoomNotesCloseReason) {
    // No message: Hocuspocus logs a refused hook's message to the console, and a refusal is an
    // expected outcome, not an error.
    super('');
    this.name = 'RoomNotesRefusal';
  }
}

export interface RoomNotesServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: RoomNotesRepository;
  /** Membership, read from the database every time. */
  rooms: Pick<RoomsService, 'requireMember'>;
  /** The same token check as HTTP and Socket.IO. */
  auth: Pick<AuthService, 'authenticateToken'>;
  /** Where ended access is announced for the transport. */
  events: EventPublisher<RoomNotesEvents>;
  /** Members who leave or are removed, and deleted rooms. */
  roomEvents: EventSubscriber<RoomEvents>;
  /** Sessions that end (sign-out, sign out everywhere, a password change, a deleted account). */
  sessionEvents: EventSubscriber<SessionEvents>;
}

/** A document is named by its room's id, exactly as the server makes them (lower-case hex). */
const DOCUMENT_NAME = /^[0-9a-f]{24}$/;

/** The refusal for what the token check or the membership check threw. */
function refusalFor(err: unknown): RoomNotesRefusal {
  if (err instanceof AppError) {
    if (err.status === 401) return new RoomNotesRefusal(ROOM_NOTES_CLOSE.signedOut.reason);
    if (err.status === 404) return new RoomNotesRefusal(ROOM_NOTES_CLOSE.roomClosed.reason);
    if (err.status === 403) return new RoomNotesRefusal(ROOM_NOTES_CLOSE.notMember.reason);
  }
  throw err;
}

/** Every given update as one, all their content together (undefined ones are skipped). */
export function mergeStates(...updates: (Uint8Array | undefined)[]): Uint8Array {
  const present = updates.filter((u): u is Uint8Array => u !== undefined);
  if (present.length === 1) return present[0]!;
  // Through a document rather than Y.mergeUpdates: the result is garbage-collected like the
  // live document, so the stored state does not keep every deleted letter forever.
  const doc = new Y.Doc();
  try {
    for (const update of present) Y.applyUpdate(doc, update);
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

export function createRoomNotesService({
  repo,
  rooms,
  auth,
  events,
  roomEvents,
  sessionEvents,
}: RoomNotesServiceDeps) {
  // Keystrokes of many editors become a few inserts under load (lib/group-commit.ts); a paste of
  // a megabyte goes alone, so one statement never carries many of them.
  const appendUpdate = groupCommit(repo.appendUpdates, {
    maxBatchWeight: 256 * 1024,
    weigh: (item) => item.update.byteLength,
  });

  roomEvents.on('membership-ended', ({ roomId, userId }) =>
    events.emit('access-ended', { scope: 'member', roomId, userId }),
  );
  roomEvents.on('room-closed', ({ roomId }) =>
    events.emit('access-ended', { scope: 'room', roomId }),
  );
  sessionEvents.on('user-sessions-ended', ({ userId, keepSessionId }) =>
    events.emit('access-ended', { scope: 'user', userId, keepSessionId }),
  );
  sessionEvents.on('session-ended', ({ sessionId }) =>
    events.emit('access-ended', { scope: 'session', sessionId }),
  );

  return {
    /**
     * The user a token names, when they may open the notes of the room `documentName` names.
     * Throws a RoomNotesRefusal otherwise (a bad or ended token, not a member, no such room).
     */
    async authorize(token: string, documentName: string): Promise<AuthUser> {
      if (!DOCUMENT_NAME.test(documentName)) {
        throw new RoomNotesRefusal(ROOM_NOTES_CLOSE.notMember.reason);
      }
      try {
        const user = await auth.authenticateToken(token || undefined);
        await rooms.requireMember(documentName, user.id);
        return user;
      } catch (err) {
        throw refusalFor(err);
      }
    },

    /** Whether the user is (still) a member of the room: checked again once a connection is up. */
    async isMember(roomId: string, userId: string): Promise<boolean> {
      try {
        await rooms.requireMember(roomId, userId);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.status < 500) return false;
        throw err;
      }
    },

    /**
     * The room's notes as one Yjs update (the last store and every change confirmed since), or
     * null when nothing was written yet.
     */
    async load(roomId: string): Promise<Uint8Array | null> {
      const { state, updates } = await repo.load(roomId);
      if (!state && updates.length === 0) return null;
      return mergeStates(state, ...updates);
    },

    /**
     * Writes one change a member made, before they are told it is saved. False when the room was
     * deleted meanwhile (nothing to save it to); throws when the database does not answer.
     */
    async logUpdate(roomId: string, update: Uint8Array): Promise<boolean> {
      try {
        await appendUpdate({ roomId, update });
        return true;
      } catch (err) {
        if (isRoomGone(err)) return false;
        throw err;
      }
    },

    /**
     * Stores the document's state, merged with what is stored and with the changes logged since,
     * which it replaces. False when the room was deleted meanwhile (its notes went with it, and
     * nothing is written).
     */
    store(roomId: string, state: Uint8Array): Promise<boolean> {
      return repo.update(roomId, (stored, logged) => mergeStates(stored, ...logged, state));
    },
  };
}

export type RoomNotesService = ReturnType<typeof createRoomNotesService>;
