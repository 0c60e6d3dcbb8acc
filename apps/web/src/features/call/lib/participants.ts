/**
 * The remote side of a call as React state: one entry per peer (docs/product.md §7.9), changed
 * only through `participantsReducer` so every transition is unit-tested. Streams are held by
 * reference; the media layer owns their tracks.
 */

export type PeerConnectionState = 'connecting' | 'connected' | 'reconnecting';

export interface RemoteParticipant {
  peerId: string;
  /**
   * The tile's identity for this visit: the first socket id this person had. A person who comes
   * back with a new socket id (a reconnect, a server restart) keeps it, so the tile stays.
   */
  key: string;
  /** The account behind the peer (from users-in-room or user-joined), for its picture. */
  userId?: string;
  name: string;
  stream: MediaStream | null;
  muted: boolean;
  videoOff: boolean;
  hand: boolean;
  /** The peer's screen slot: frames only while they share. */
  screen: MediaStream | null;
  /** Sharing a screen beside the camera (from the peer's own state message). */
  sharing: boolean;
  connection: PeerConnectionState;
}

export type ParticipantsState = ReadonlyMap<string, RemoteParticipant>;

export type ParticipantsAction =
  | { type: 'joined'; peerId: string; name: string; userId?: string }
  | { type: 'left'; peerId: string }
  /** The same person is back under a new socket id: the tile, its stream and state move over. */
  | { type: 'rekey'; from: string; to: string }
  | { type: 'stream'; peerId: string; stream: MediaStream }
  | { type: 'screen'; peerId: string; stream: MediaStream }
  | {
      type: 'state';
      peerId: string;
      muted?: boolean;
      videoOff?: boolean;
      hand?: boolean;
      sharing?: boolean;
    }
  | { type: 'connection'; peerId: string; connection: PeerConnectionState }
  | { type: 'reset' };

export const emptyParticipants: ParticipantsState = new Map();

/**
 * A name for someone whose own name is missing or blank (docs/product.md §7.8: the left toast's
 * fallback).
 */
export const displayNameOf = (name: string | undefined | null) => name?.trim() || 'Someone';

export function participantsReducer(
  state: ParticipantsState,
  action: ParticipantsAction,
): ParticipantsState {
  switch (action.type) {
    case 'joined': {
      const existing = state.get(action.peerId);
      const next = new Map(state);
      next.set(action.peerId, {
        peerId: action.peerId,
        key: existing?.key ?? action.peerId,
        // An offer names its sender but not the account: keep the account id already known.
        userId: action.userId ?? existing?.userId,
        name: action.name,
        stream: existing?.stream ?? null,
        screen: existing?.screen ?? null,
        muted: existing?.muted ?? false,
        videoOff: existing?.videoOff ?? false,
        hand: existing?.hand ?? false,
        sharing: existing?.sharing ?? false,
        connection: existing?.connection ?? 'connecting',
      });
      return next;
    }
    case 'left': {
      if (!state.has(action.peerId)) return state;
      const next = new Map(state);
      next.delete(action.peerId);
      return next;
    }
    case 'rekey': {
      const existing = state.get(action.from);
      if (!existing || action.from === action.to) return state;
      // Rebuilt in the same order: the tile keeps its place on the stage.
      const next = new Map<string, RemoteParticipant>();
      for (const [id, p] of state) {
        if (id === action.to) continue;
        if (id === action.from) next.set(action.to, { ...existing, peerId: action.to });
        else next.set(id, p);
      }
      return next;
    }
    case 'stream':
    case 'screen':
    case 'state':
    case 'connection': {
      // A late event for someone who already left must not bring them back.
      const existing = state.get(action.peerId);
      if (!existing) return state;
      const next = new Map(state);
      if (action.type === 'stream') next.set(action.peerId, { ...existing, stream: action.stream });
      else if (action.type === 'screen')
        next.set(action.peerId, { ...existing, screen: action.stream });
      else if (action.type === 'connection')
        next.set(action.peerId, { ...existing, connection: action.connection });
      else
        next.set(action.peerId, {
          ...existing,
          muted: action.muted ?? existing.muted,
          videoOff: action.videoOff ?? existing.videoOff,
          hand: action.hand ?? existing.hand,
          sharing: action.sharing ?? existing.sharing,
        });
      return next;
    }
    case 'reset':
      return state.size === 0 ? state : emptyParticipants;
  }
}
