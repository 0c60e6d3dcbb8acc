import {
  HandQueueSchema,
  REALTIME_ERROR_CODES,
  type Ack,
  type CallParticipant,
  type IceCandidate,
  type JoinRoomResult,
  type PeerLeft,
  type PeerRef,
  type PeerStateReceived,
  type RaisedHand,
  type Sdp,
  type ServerToClientEvents,
} from '@studycircle/shared';
import type { AppSocket } from '../../../lib/socket';
import type { ParticipantsAction } from '../lib/participants';
import { displayNameOf } from '../lib/participants';
import { PeerLink, type Slot, type SlotTracks } from '../webrtc/peer-link';

/**
 * One person's side of a call: the signalling of docs/product.md §9.2 over the shared socket, one
 * PeerLink per other participant, and the participants' state as reducer actions. Not React:
 * the call page's hook owns one session and feeds its actions to a reducer.
 *
 * Who offers: the newcomer, towards everyone in `users-in-room`; those already in wait for its
 * offer. Perfect negotiation in PeerLink covers every later renegotiation and any crossed offers.
 * After the live link comes back (a blip, a server restart) every link is rebuilt the same way:
 * the session joins again and the offers flow from that join, with no page reload.
 *
 * Without scars (docs/decisions/0027): a person is one tile for the whole visit. When
 * their socket drops (`user-left` with reason `disconnected`) or this side re-joins, their tile and
 * link stay (peer-to-peer media often outlives the signalling link) while they are away; when they
 * are announced again under a new socket id with the same account, the tile moves to that id
 * without a "left" or "joined" toast, and the old link is closed once the new one is connected. Only
 * someone not back within RETURN_GRACE_MS is removed, with the "left" toast. Signalling goes out
 * only from the peer's current link, to an id the call announced since the last join, while the
 * link is up: nothing queued offline for a dead socket id is ever sent.
 *
 * Only peers the call announced (in `users-in-room` or by `user-joined`, and not gone since) are
 * listened to: an offer, answer or candidate from any other socket is ignored, so a stranger who
 * got a relay through cannot open a link or add a tile. The server announces a peer before any
 * signalling from it can arrive (it sends `user-joined` before the newcomer hears who to offer to).
 */

export interface PeerStateFlags {
  muted: boolean;
  videoOff: boolean;
  hand: boolean;
  sharing: boolean;
}

export type JoinOutcome = { ok: true } | { ok: false; code: string; message: string };

/** How long a person whose link dropped keeps their tile, waiting for them to join again. */
export const RETURN_GRACE_MS = 20_000;

export interface CallSessionOptions {
  socket: AppSocket;
  roomId: string;
  name: string;
  /**
   * The ICE servers, or their request still on its way: the join does not wait for it, only the
   * first link does (docs/decisions/0027).
   */
  rtcConfig: RTCConfiguration | Promise<RTCConfiguration>;
  localStream: MediaStream;
  tracks: () => SlotTracks;
  flags: () => PeerStateFlags;
  dispatch(action: ParticipantsAction): void;
  onJoin(outcome: JoinOutcome): void;
  onPeerJoined(name: string): void;
  onPeerLeft(name: string): void;
  /**
   * The call's raised hands, first raised first, as the server ordered them (docs/decisions/0063).
   * `first`: the queue this side got as it joined (or joined again): what was already up then.
   */
  onHands?(hands: RaisedHand[], first: boolean): void;
}

interface PeerInfo {
  id: string;
  name?: string;
  userId?: string;
}

type Timer = ReturnType<typeof setTimeout>;

/** A description as relayed: the browser's object, or bare SDP text from another client. */
function toDescription(sdp: Sdp, type: 'offer' | 'answer'): RTCSessionDescriptionInit {
  return typeof sdp === 'string' ? { type, sdp } : { type: sdp.type, sdp: sdp.sdp };
}

type Listener = [keyof ServerToClientEvents | 'connect' | 'disconnect', (...args: never[]) => void];

export class CallSession {
  private readonly links = new Map<string, PeerLink>();
  private readonly names = new Map<string, string>();
  /** Socket ids the call announced as in it, since this side last joined. */
  private readonly announced = new Set<string>();
  /** Candidates from a peer whose offer has not arrived yet (relays can overtake each other). */
  private readonly earlyCandidates = new Map<string, RTCIceCandidateInit[]>();
  private readonly listeners: Listener[] = [];
  /** The account behind each socket id with a tile: who a newcomer may be coming back as. */
  private readonly accounts = new Map<string, string>();
  /** Tiles whose person dropped, each with the timer that removes it if they do not come back. */
  private readonly away = new Map<string, Timer>();
  /** A returning person's previous link, kept (media flowing) until the new one has media. */
  private readonly retiring = new Map<string, PeerLink>();
  private config: RTCConfiguration | null = null;
  private readonly configReady: Promise<void>;
  private joined = false;
  private stopped = false;
  /** The next hand queue is the one the server sends with a join. */
  private firstQueue = true;

  constructor(private readonly o: CallSessionOptions) {
    if (o.rtcConfig instanceof Promise) {
      this.configReady = o.rtcConfig.then(
        (config) => void (this.config = config),
        // Without the server's list the call still works on direct paths.
        () => void (this.config = {}),
      );
    } else {
      this.config = o.rtcConfig;
      this.configReady = Promise.resolve();
    }
    const on = <E extends keyof ServerToClientEvents>(
      event: E,
      handler: ServerToClientEvents[E],
    ) => {
      this.listeners.push([event, handler as (...args: never[]) => void]);
      // Typed per event above; the socket's overloads cannot be named generically.
      (o.socket.on as (e: string, h: unknown) => void)(event, handler);
    };
    const onConnect = () => this.join();
    this.listeners.push(['connect', onConnect]);
    o.socket.on('connect', onConnect);
    // Until the next join this side is in no call the server knows of, and cannot tell who is
    // back: the wait for those away starts again from that join.
    const onDisconnect = () => {
      this.joined = false;
      for (const timer of this.away.values()) clearTimeout(timer);
    };
    this.listeners.push(['disconnect', onDisconnect]);
    o.socket.on('disconnect', onDisconnect);
    on('users-in-room', (users) => this.onUsersInRoom(users));
    on('user-joined', (user) => this.onUserJoined(user));
    on('user-left', (user) => this.onUserLeft(user));
    on('offer', (m) => this.onDescription(m.from, toDescription(m.sdp, 'offer'), m.name));
    on('answer', (m) => this.onDescription(m.from, toDescription(m.sdp, 'answer')));
    on('ice-candidate', (m) => this.onCandidate(m.from, m.candidate));
    on('peer-state', (m) => this.onPeerState(m));
    on('hand-queue-state', (m) => {
      // Checked with the shared schema: a malformed queue is ignored, not half shown.
      const queue = HandQueueSchema.safeParse(m);
      if (!queue.success || queue.data.roomId !== o.roomId) return;
      const first = this.firstQueue;
      this.firstQueue = false;
      o.onHands?.(queue.data.hands, first);
    });
    on('removed-from-room', (m) => {
      if (m.roomId !== o.roomId) return;
      this.stop();
      o.onJoin({ ok: false, code: REALTIME_ERROR_CODES.forbidden, message: m.message });
    });
    if (o.socket.connected) this.join();
  }

  /** Everyone's links, for statistics (tests, the relay check). */
  peerConnections(): RTCPeerConnection[] {
    return [...this.links.values()].map((l) => l.pc);
  }

  /** Tells the room this side's mic, camera, hand and screen state. */
  announceState(): void {
    if (!this.joined || !this.o.socket.connected) return;
    this.o.socket.emit('peer-state', { roomId: this.o.roomId, ...this.o.flags() }, noop);
  }

  /** Sends another track in one slot to every peer (device switch, screen share, camera on). */
  async setTrack(slot: Slot, track: MediaStreamTrack | null): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.setTrack(slot, track)));
  }

  /** Leaves the call: tells the server and closes every link. The caller stops the media. */
  leave(): void {
    if (this.stopped) return;
    if (this.joined) this.o.socket.emit('leave-room', { roomId: this.o.roomId }, noop);
    this.stop();
  }

  /** Stops listening and closes every link (leaving the call first when still in it). */
  stop(): void {
    if (this.stopped) return;
    if (this.joined) this.o.socket.emit('leave-room', { roomId: this.o.roomId }, noop);
    this.stopped = true;
    this.joined = false;
    for (const [event, handler] of this.listeners)
      (this.o.socket.off as (e: string, h: unknown) => void)(event, handler);
    this.closeLinks();
  }

  private join(): void {
    if (this.stopped) return;
    // A fresh join after a reconnect: this side has a new socket id, so every link is rebuilt
    // from the join's answer. The people on screen keep their tiles and links meanwhile; each is
    // matched again when the call announces them, or removed if they do not come back.
    this.joined = false;
    this.firstQueue = true;
    this.announced.clear();
    this.earlyCandidates.clear();
    for (const peerId of this.names.keys()) this.markAway(peerId, true);
    this.o.socket.emit(
      'join-room',
      { roomId: this.o.roomId, name: this.o.name },
      (ack: Ack<JoinRoomResult>) => {
        if (this.stopped) return;
        if (!ack.ok) {
          this.o.onJoin({ ok: false, code: ack.code, message: ack.message });
          return;
        }
        this.joined = true;
        // users-in-room came first and started the links; the ack adds what each announced.
        for (const user of ack.users) {
          if (user.state) this.onPeerState({ id: user.id, ...user.state });
        }
        this.o.onJoin({ ok: true });
        this.announceState();
      },
    );
  }

  private onPeerState(m: PeerStateReceived) {
    this.o.dispatch({
      type: 'state',
      peerId: m.id,
      muted: m.muted,
      videoOff: m.videoOff,
      hand: m.hand,
      sharing: m.sharing ?? false,
    });
  }

  private onCandidate(from: string, candidate: IceCandidate) {
    // A null candidate marks the end of the peer's gathering; nothing to add.
    if (!candidate || !this.announced.has(from)) return;
    const link = this.links.get(from);
    if (link) {
      void link.handleCandidate(candidate);
      return;
    }
    const early = this.earlyCandidates.get(from) ?? [];
    if (early.length < 200) early.push(candidate);
    this.earlyCandidates.set(from, early);
  }

  private onUsersInRoom(users: CallParticipant[]): void {
    for (const user of users) {
      if (user.id === this.o.socket.id) continue;
      this.announced.add(user.id);
      this.welcomeBack(user);
      this.remember(user);
      this.afterConfig(() => {
        // Still announced (not gone while the ICE servers were on their way): offer.
        if (this.announced.has(user.id)) this.link(user.id, true);
      });
    }
  }

  private onUserJoined(user: PeerRef): void {
    if (user.id === this.o.socket.id) return;
    this.announced.add(user.id);
    const returning = this.welcomeBack(user);
    this.remember(user);
    // Someone back from a dropped link (or a restart) never left: no toast for them.
    if (!returning) this.o.onPeerJoined(displayNameOf(user.name));
    // The newcomer offers; tell it our state so its tile shows mute and hand at once.
    this.announceState();
  }

  private onUserLeft(user: PeerLeft): void {
    if (user.id === this.o.socket.id) return;
    const name = user.name ?? this.names.get(user.id);
    const known = this.names.has(user.id);
    // A peer that left or dropped is not listened to any more under this id.
    this.announced.delete(user.id);
    if (user.reason === 'disconnected' && known) {
      // Their link dropped (or their server shut down): they keep their tile, and the link its
      // media, while they come back under a new id.
      this.markAway(user.id);
      return;
    }
    this.drop(user.id);
    if (known) this.o.onPeerLeft(displayNameOf(name));
  }

  /**
   * A tile whose person is not in the call under that id right now: it stays, with its link,
   * until they are announced again (welcomeBack) or RETURN_GRACE_MS pass with this side's own
   * link up (a slow server restart is no one leaving); then they left.
   */
  private markAway(peerId: string, restart = false): void {
    if (this.away.has(peerId)) {
      if (!restart) return;
      clearTimeout(this.away.get(peerId));
    }
    this.away.set(
      peerId,
      setTimeout(() => {
        this.away.delete(peerId);
        if (!this.names.has(peerId)) return;
        const name = this.names.get(peerId);
        this.drop(peerId);
        this.o.onPeerLeft(displayNameOf(name));
      }, RETURN_GRACE_MS),
    );
  }

  /**
   * The call announced `user`: if it is someone on screen (the same socket id, or the same
   * account under an id that is away), the tile carries over to this id and the old link is kept
   * until the new one connects. True when the person was already on screen.
   */
  private welcomeBack(user: PeerInfo): boolean {
    let previous: string | undefined;
    if (this.names.has(user.id)) previous = user.id;
    else if (user.userId !== undefined) {
      for (const id of this.away.keys()) {
        if (this.accounts.get(id) === user.userId) {
          previous = id;
          break;
        }
      }
    }
    if (previous === undefined) return false;
    clearTimeout(this.away.get(previous));
    this.away.delete(previous);
    const old = this.links.get(previous);
    if (old) {
      this.links.delete(previous);
      this.retire(user.id, old);
    }
    if (previous !== user.id) {
      const name = this.names.get(previous);
      this.names.delete(previous);
      this.accounts.delete(previous);
      this.earlyCandidates.delete(previous);
      if (name !== undefined) this.names.set(user.id, name);
      this.o.dispatch({ type: 'rekey', from: previous, to: user.id });
    }
    return true;
  }

  /** Keeps a replaced link open until its successor under `peerId` connects (or is dropped). */
  private retire(peerId: string, link: PeerLink): void {
    this.retiring.get(peerId)?.close();
    this.retiring.set(peerId, link);
  }

  private closeRetired(peerId: string): void {
    this.retiring.get(peerId)?.close();
    this.retiring.delete(peerId);
  }

  /** Runs `fn` once the ICE servers are known (at once when they are), in call order. */
  private afterConfig(fn: () => void): void {
    if (this.config) {
      fn();
      return;
    }
    void this.configReady.then(() => {
      if (!this.stopped) fn();
    });
  }

  private onDescription(from: string, description: RTCSessionDescriptionInit, name?: string) {
    if (from === this.o.socket.id || !this.announced.has(from)) return;
    if (name) this.remember({ id: from, name });
    // Until the ICE servers are known there is no link to give it to; its candidates wait.
    this.afterConfig(() => {
      if (this.announced.has(from)) this.describe(from, description);
    });
  }

  private describe(from: string, description: RTCSessionDescriptionInit) {
    // An offer from someone this side has no link with (it joined after us) creates the link.
    const link =
      this.links.get(from) ?? (description.type === 'offer' ? this.link(from, false) : undefined);
    if (!link) return;
    void link.handleDescription(description);
    const early = this.earlyCandidates.get(from);
    this.earlyCandidates.delete(from);
    for (const candidate of early ?? []) void link.handleCandidate(candidate);
  }

  private remember(user: PeerInfo) {
    const name = displayNameOf(user.name ?? this.names.get(user.id));
    this.names.set(user.id, name);
    if (user.userId !== undefined) this.accounts.set(user.id, user.userId);
    this.o.dispatch({ type: 'joined', peerId: user.id, name, userId: user.userId });
  }

  private link(peerId: string, initiator: boolean): PeerLink {
    const previous = this.links.get(peerId);
    if (previous) this.retire(peerId, previous);
    const selfId = this.o.socket.id ?? '';
    // Only this peer's current link speaks and is heard: a replaced one (kept for its media) and
    // one made for an id that has since gone are silent.
    const current = () => this.links.get(peerId) === link;
    let connected = false;
    let held: MediaStream | null = null;
    let heldScreen: MediaStream | null = null;
    const link: PeerLink = new PeerLink({
      polite: selfId < peerId,
      initiator,
      rtcConfig: this.config ?? {},
      localStream: this.o.localStream,
      tracks: this.o.tracks(),
      sendDescription: (d) => {
        if (!current() || !this.canSignal(peerId)) return;
        const sdp = { type: d.type, sdp: d.sdp };
        if (d.type === 'offer')
          this.o.socket.emit('offer', { to: peerId, sdp, name: this.o.name }, noop);
        else if (d.type === 'answer') this.o.socket.emit('answer', { to: peerId, sdp }, noop);
      },
      sendCandidate: (candidate) => {
        if (current() && this.canSignal(peerId))
          this.o.socket.emit('ice-candidate', { to: peerId, candidate }, noop);
      },
      onStream: (stream) => {
        if (!current()) return;
        // While a replaced link still shows this person, the new picture takes the tile once its
        // connection is up: the tracks arrive before their first frame does.
        if (!connected && this.retiring.has(peerId)) held = stream;
        else this.o.dispatch({ type: 'stream', peerId, stream });
      },
      onScreen: (stream) => {
        if (!current()) return;
        if (!connected && this.retiring.has(peerId)) heldScreen = stream;
        else this.o.dispatch({ type: 'screen', peerId, stream });
      },
      onState: (connection) => {
        if (!current()) return;
        this.o.dispatch({ type: 'connection', peerId, connection });
        if (connection !== 'connected') return;
        connected = true;
        if (held) this.o.dispatch({ type: 'stream', peerId, stream: held });
        if (heldScreen) this.o.dispatch({ type: 'screen', peerId, stream: heldScreen });
        held = heldScreen = null;
        // The new link carries media: the one it replaced can go.
        this.closeRetired(peerId);
      },
      // docs/product.md §7.2: a peer whose connection fails (after one ICE restart) is removed;
      // one that is away keeps its tile until it is back or its grace ends.
      onGiveUp: () => {
        if (!current()) return;
        if (this.away.has(peerId)) {
          link.close();
          this.links.delete(peerId);
          this.o.dispatch({ type: 'connection', peerId, connection: 'reconnecting' });
        } else this.drop(peerId);
      },
    });
    this.links.set(peerId, link);
    return link;
  }

  /**
   * Whether signalling for `peerId` may go out now: the link is up (Socket.IO would otherwise
   * queue it and send it on reconnect, from a new socket id, to an id that is probably dead) and
   * the call announced that id since this side last joined.
   */
  private canSignal(peerId: string): boolean {
    return this.o.socket.connected && this.announced.has(peerId);
  }

  private drop(peerId: string) {
    this.links.get(peerId)?.close();
    this.links.delete(peerId);
    this.closeRetired(peerId);
    clearTimeout(this.away.get(peerId));
    this.away.delete(peerId);
    this.names.delete(peerId);
    this.accounts.delete(peerId);
    this.earlyCandidates.delete(peerId);
    this.o.dispatch({ type: 'left', peerId });
  }

  private closeLinks() {
    for (const link of this.links.values()) link.close();
    for (const link of this.retiring.values()) link.close();
    for (const timer of this.away.values()) clearTimeout(timer);
    this.links.clear();
    this.retiring.clear();
    this.away.clear();
    this.announced.clear();
    this.names.clear();
    this.accounts.clear();
    this.earlyCandidates.clear();
  }
}

/**
 * Signalling errors are logged only (docs/product.md §7.11); passing a callback makes the server
 * answer through it rather than with a `server-error` event.
 */
function noop(ack: Ack) {
  if (!ack.ok) console.warn(`call: ${ack.code} ${ack.message}`);
}
