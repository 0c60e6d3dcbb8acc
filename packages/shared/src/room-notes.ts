import { z } from 'zod';

/**
 * A room's shared notes (docs/decisions/0032-room-notes-with-yjs-and-hocuspocus.md):
 * one Yjs document per room that every member edits at once, synced by Hocuspocus over a
 * websocket on our own origin. The document's name is the room id. What both ends agree on is
 * here: where the websocket lives, the close codes that end an editor for good (and why), the
 * limits one connection lives under, and the words the page shows.
 *
 * The wire protocol itself is Hocuspocus's (Yjs sync and awareness messages); the client sends
 * its bearer token as the first message of each document, and the server checks the token and
 * the membership before the document is synced.
 */

/** The websocket path, on the page's own origin (the CSP's `connect-src 'self'` covers it). */
export const ROOM_NOTES_PATH = '/api/collab';

/**
 * Why the server ended a notes connection for good. The websocket closes with one of these codes
 * (4000-4999 are the application's own), and the same word is the reason of an authentication
 * refusal. The client stops reconnecting and says why; any other close (a restart, a dropped
 * network) is reconnected after a moment.
 */
export const ROOM_NOTES_CLOSE = {
  /** No token, a bad or expired one, or its session was ended (signed out here or elsewhere). */
  signedOut: { code: 4401, reason: 'signed-out' },
  /** Not a member of the room: never was, left, or was removed. */
  notMember: { code: 4403, reason: 'not-a-member' },
  /** The room was deleted, its notes with it. */
  roomClosed: { code: 4404, reason: 'room-closed' },
} as const;

export type RoomNotesCloseReason =
  (typeof ROOM_NOTES_CLOSE)[keyof typeof ROOM_NOTES_CLOSE]['reason'];

/** The close reason for a close code or refusal word, if it is one that ends the editor. */
export function roomNotesCloseReason(
  codeOrReason: number | string | undefined,
): RoomNotesCloseReason | undefined {
  for (const entry of Object.values(ROOM_NOTES_CLOSE)) {
    if (codeOrReason === entry.code || codeOrReason === entry.reason) return entry.reason;
  }
  return undefined;
}

/**
 * What one notes connection may do; the server multiplies the message rate by RATE_LIMIT_FACTOR.
 * Typing sends two messages a keystroke (the change and the caret), so a fast typist sends about
 * 30 a second; a paste is one message however long.
 */
export const ROOM_NOTES_LIMITS = {
  /**
   * One websocket frame. A pasted chapter of a textbook is well under 1 MiB of Yjs update; a
   * larger frame closes the connection (1009), and the client reconnects and syncs in parts.
   */
  maxFrameBytes: 1024 * 1024,
  /** Messages per connection: a token bucket of `burst`, refilled at `perSecond`. */
  messages: { burst: 600, perSecond: 120 },
  /** A connection that has not authenticated its document within this is closed. */
  authTimeoutMs: 10_000,
  /** Messages a connection may send before it is authenticated (the token and the first sync). */
  messagesBeforeAuth: 32,
  /**
   * A room's notes document, as its encoded Yjs state, is at most this (5 MB; docs/decisions/
   * 0038-room-notes-under-a-hostile-member.md). A whole term of a room's notes is a few hundred
   * kilobytes; an update that would take the document past this is refused.
   */
  maxDocumentBytes: 5 * 1024 * 1024,
  /**
   * What may wait to be sent to one connection (as Socket.IO's cap, decision 0016); past it the
   * connection is dropped. The document's first sync is not counted: it may be the whole 5 MB.
   */
  maxWaitingBytes: 1024 * 1024,
  /**
   * Bytes of updates received, as token buckets (`burst`, refilled at `perSecond`), per
   * connection, per account on a node and per document. Past them the server stops reading the
   * connection until the bucket refills: the writer is slowed, never refused, so no edit is lost.
   * Typing is a few hundred bytes a second; a pasted chapter is one burst.
   */
  bytes: {
    connection: { burst: 2 * 1024 * 1024, perSecond: 256 * 1024 },
    account: { burst: 4 * 1024 * 1024, perSecond: 512 * 1024 },
    document: { burst: 4 * 1024 * 1024, perSecond: 512 * 1024 },
  },
} as const;

/**
 * What the server tells one connection about its own edits, as a Hocuspocus stateless message
 * (JSON): `too-large` means its last update was refused (not applied, not stored, not sent to
 * anyone) because the document would have passed `maxDocumentBytes`. The client then starts
 * again from the server's document, and says the edit was not saved.
 */
export const RoomNotesNoticeSchema = z.object({
  notice: z.literal('too-large'),
  limitBytes: z.number().int().positive(),
});
export type RoomNotesNotice = z.infer<typeof RoomNotesNoticeSchema>;

/** The notice from a stateless message's payload; undefined for anything else. */
export function parseRoomNotesNotice(payload: string): RoomNotesNotice | undefined {
  try {
    const parsed = RoomNotesNoticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The page's words for the notes (docs/product.md §5.15). */
export const ROOM_NOTES_MESSAGES = {
  title: 'Room notes',
  intro: 'Notes the whole room writes together. Everyone sees each letter as it is typed.',
  editorLabel: 'Room notes',
  empty: 'Write the first line of the room’s notes…',
  saved: 'Saved',
  saving: 'Saving…',
  notSaved: 'Not saved',
  connecting: 'Connecting…',
  offline: 'Offline: your edits are kept here and will merge when you are back online.',
  editingNow: 'Editing now',
  onlyYou: 'Only you are here right now.',
  closed: {
    'not-a-member': 'You are no longer a member of this room, so its notes are closed.',
    'room-closed': 'This room has been deleted, so its notes are closed.',
    'signed-out': 'Your session has ended, so the notes are closed. Sign in again to edit them.',
  } satisfies Record<RoomNotesCloseReason, string>,
  tooLarge:
    'These notes have reached their size limit (5 MB), so your last edit was not saved. Remove something to keep writing.',
  unsavedOnLeave: 'Your latest notes edits have not reached the server yet.',
  unsavedOnClose:
    'Your latest notes edits have not reached the server yet. Close the notes and lose them?',
} as const;

/**
 * Room notes connections whose access ended, as one node tells the others (Socket.IO's
 * serverSideEmit through the Redis adapter): a member who left or was removed from a room, a
 * deleted room, every session of a user but one, or one device session.
 */
export type RoomNotesAccessEnded =
  | { scope: 'member'; roomId: string; userId: string }
  | { scope: 'room'; roomId: string }
  | { scope: 'user'; userId: string; keepSessionId?: string | undefined }
  | { scope: 'session'; sessionId: string };
