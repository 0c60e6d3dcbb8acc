import { ROOM_NOTES_MESSAGES, type RoomNotesCloseReason } from '@studycircle/shared';

/**
 * What the notes' status line says, worked out from the connection (pure, so it is tested alone).
 * The words matter more than the colour: the line is read out and is the same in both themes.
 */

export type NotesStatus = 'connecting' | 'saving' | 'saved' | 'offline' | 'closed' | 'too-large';

export interface NotesConnectionState {
  /** The browser says it has a network. */
  online: boolean;
  /** The websocket is open and the server accepted the token. */
  connected: boolean;
  /** The first sync with the server finished since the last connect. */
  synced: boolean;
  /** Local changes the server has not confirmed yet. */
  unsynced: number;
  /** Why the server ended the notes for good, if it did. */
  closed: RoomNotesCloseReason | undefined;
  /**
   * The server refused an edit because the notes would pass their size limit; cleared once a
   * later edit is saved.
   */
  tooLarge: boolean;
}

export function notesStatus(state: NotesConnectionState): NotesStatus {
  if (state.closed) return 'closed';
  if (!state.online) return 'offline';
  if (!state.connected || !state.synced) return 'connecting';
  // Until an edit is saved again, what matters is that the last one was not.
  if (state.tooLarge && state.unsynced === 0) return 'too-large';
  return state.unsynced > 0 ? 'saving' : 'saved';
}

/** The status line's words. */
export function notesStatusText(status: NotesStatus, closed?: RoomNotesCloseReason): string {
  switch (status) {
    case 'closed':
      return closed ? ROOM_NOTES_MESSAGES.closed[closed] : ROOM_NOTES_MESSAGES.connecting;
    case 'offline':
      return ROOM_NOTES_MESSAGES.offline;
    case 'connecting':
      return ROOM_NOTES_MESSAGES.connecting;
    case 'saving':
      return ROOM_NOTES_MESSAGES.saving;
    case 'saved':
      return ROOM_NOTES_MESSAGES.saved;
    case 'too-large':
      return ROOM_NOTES_MESSAGES.notSaved;
  }
}
