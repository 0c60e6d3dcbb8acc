import { useEffect, useState } from 'react';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import {
  ROOM_NOTES_MESSAGES,
  parseRoomNotesNotice,
  roomNotesCloseReason,
  type RoomNotesCloseReason,
} from '@studycircle/shared';
import { getAuthToken } from '../../../lib/auth-token';
import { caretColour } from '../lib/caret-colour';
import { collabUrl } from '../lib/collab-url';
import { notesStatus, type NotesConnectionState, type NotesStatus } from '../lib/notes-status';

/**
 * One room's notes document and its link to the server (decision 0032): a Yjs document the
 * editor binds to, kept by a Hocuspocus provider over the notes websocket. The document lives in
 * the page's memory for as long as the notes are open, so edits made while the network is away
 * stay in it and merge with everyone else's when the link comes back (the Yjs sync exchanges
 * what each side misses).
 *
 * - The token is read at every (re)connect, so a fresh sign-in is used.
 * - The browser going offline closes the link at once (rather than after the provider's 30 s
 *   silence check), and coming back online opens it at once.
 * - A close that ends the notes for good (not a member, the room deleted, signed out) stops the
 *   reconnecting and says why; any other close is retried, growing from 1 to 30 s.
 * - While edits have not reached the server and the link is down, leaving the page asks first.
 * - An edit the server refused because the notes would pass their size limit (decision 0038):
 *   later edits of this Yjs client build on it and would be refused too, so the document and the
 *   connection start again from the server's copy, and the editor says the edit was not saved
 *   until a later one is.
 */

export interface NotesUser {
  id: string;
  name: string;
}

/** Someone else editing now, from their caret state (names come from the server-checked carets). */
export interface NotesEditor {
  id: string;
  name: string;
  color: string;
}

export interface NotesConnection {
  doc: Y.Doc;
  provider: HocuspocusProvider;
}

interface CaretState {
  clientId: number;
  user?: { id?: unknown; name?: unknown; color?: unknown };
}

/** Everyone else in the document, once each (several tabs of one account show once). */
function othersFrom(states: CaretState[], me: string): NotesEditor[] {
  const seen = new Map<string, NotesEditor>();
  for (const { user } of states) {
    if (!user || typeof user.id !== 'string' || user.id === me || seen.has(user.id)) continue;
    seen.set(user.id, {
      id: user.id,
      name: typeof user.name === 'string' ? user.name : 'Student',
      color: typeof user.color === 'string' ? user.color : caretColour(user.id),
    });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const INITIAL: NotesConnectionState = {
  online: true,
  connected: false,
  synced: false,
  unsynced: 0,
  closed: undefined,
  tooLarge: false,
};

export function useNotesConnection(
  roomId: string,
  user: NotesUser,
): {
  connection: NotesConnection | null;
  status: NotesStatus;
  closed: RoomNotesCloseReason | undefined;
  others: NotesEditor[];
  /** Edits the server has not confirmed while the link is down: closing the notes loses them. */
  unsaved: boolean;
  /** The server refused the last edit: the notes are at their size limit. */
  tooLarge: boolean;
} {
  const [connection, setConnection] = useState<NotesConnection | null>(null);
  const [state, setState] = useState<NotesConnectionState>(INITIAL);
  const [others, setOthers] = useState<NotesEditor[]>([]);
  /** Bumped to start again from the server's document after a refused edit. */
  const [generation, setGeneration] = useState(0);
  const [tooLarge, setTooLarge] = useState(false);

  useEffect(() => {
    const doc = new Y.Doc();
    const update = (patch: Partial<NotesConnectionState>) => setState((s) => ({ ...s, ...patch }));
    let ended = false;
    /** An edit made here since this document was opened: its save clears a refusal. */
    let editedHere = false;
    doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin !== provider) editedHere = true;
    });

    const socket = new HocuspocusProviderWebsocket({
      url: collabUrl(),
      // Runs before the socket's own close handling: a final close must not be retried.
      onClose: ({ event }) => {
        const reason = roomNotesCloseReason(event.code);
        if (reason) end(reason);
      },
      onStatus: ({ status }) => update({ connected: status === 'connected' }),
    });

    /** The server ended the notes for good: stop, and say why. */
    function end(reason: RoomNotesCloseReason) {
      if (ended) return;
      ended = true;
      socket.shouldConnect = false;
      update({ closed: reason, connected: false });
      // After the close event has run its course (destroying inside it would cut it short).
      setTimeout(() => {
        provider.destroy();
        socket.destroy();
      }, 0);
    }

    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: roomId,
      document: doc,
      token: () => getAuthToken() ?? '',
      onAuthenticationFailed: ({ reason }) => {
        const final = roomNotesCloseReason(reason);
        if (final) end(final);
      },
      onSynced: () => update({ synced: true }),
      onDisconnect: () => update({ connected: false, synced: false }),
      onUnsyncedChanges: ({ number }) => {
        update({ unsynced: number });
        if (number === 0 && editedHere) setTooLarge(false);
      },
      onStateless: ({ payload }) => {
        if (parseRoomNotesNotice(payload)?.notice !== 'too-large' || ended) return;
        setTooLarge(true);
        setGeneration((g) => g + 1);
      },
      onAwarenessChange: ({ states }) => setOthers(othersFrom(states as CaretState[], user.id)),
    });
    provider.attach();

    const goOffline = () => {
      update({ online: false });
      socket.disconnect();
    };
    const goOnline = () => {
      update({ online: true });
      if (ended) return;
      // A close still under way reconnects when it lands; otherwise connect now.
      socket.shouldConnect = true;
      void socket.connect();
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    if (!navigator.onLine) goOffline();

    setConnection({ doc, provider });
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      ended = true;
      provider.destroy();
      socket.destroy();
      doc.destroy();
      setConnection(null);
      setState(INITIAL);
      setOthers([]);
    };
  }, [roomId, user.id, generation]);

  // Carets carry the account's name and colour; a rename shows at once.
  useEffect(() => {
    connection?.provider.setAwarenessField('user', {
      id: user.id,
      name: user.name,
      color: caretColour(user.id),
    });
  }, [connection, user.id, user.name]);

  const status = notesStatus({ ...state, tooLarge });

  // Edits that have not reached the server would be lost with the page: ask before leaving.
  const unsaved = state.unsynced > 0 && (status === 'offline' || status === 'connecting');
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show (or need) a returned text; modern ones show their own sentence.
      event.returnValue = ROOM_NOTES_MESSAGES.unsavedOnLeave;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return { connection, status, closed: state.closed, others, unsaved, tooLarge };
}
