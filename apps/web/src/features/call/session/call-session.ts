import {
  REALTIME_ERROR_CODES,
  type Ack,
  type CallParticipant,
  type IceCandidate,
  type JoinRoomResult,
  type PeerRef,
  type PeerStateReceived,
  type Sdp,
  type ServerToClientEvents,
} from '@studycircle/shared';
import type { AppSocket } from '../../../lib/socket';
import type { ParticipantsAction } from '../lib/participants';
import { displayNameOf } from '../lib/participants';
import { PeerLink } from '../webrtc/peer-link';

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

export interface CallSessionOptions {
  socket: AppSocket;
  roomId: string;
  name: string;
  rtcConfig: RTCConfiguration;
  localStream: MediaStream;
  tracks: () => { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };
  flags: () => PeerStateFlags;
  dispatch(action: ParticipantsAction): void;
  onJoin(outcome: JoinOutcome): void;
  onPeerJoined(name: string): void;
  onPeerLeft(name: string): void;
}

interface PeerInfo {
  id: string;
  name?: string;
  userId?: string;
}

/** A description as relayed: the browser's object, or bare SDP text from another client. */
function toDescription(sdp: Sdp, type: 'offer' | 'answer'): RTCSessionDescriptionInit {
  return typeof sdp === 'string' ? { type, sdp } : { type: sdp.type, sdp: sdp.sdp };
}

type Listener = [keyof ServerToClientEvents | 'connect', (...args: never[]) => void];

export class CallSession {
  private readonly links = new Map<string, PeerLink>();
  private readonly names = new Map<string, string>();
  /** Socket ids the call announced as in it, since this side last joined. */
  private readonly announced = new Set<string>();
  /** Candidates from a peer whose offer has not arrived yet (relays can overtake each other). */
  private readonly earlyCandidates = new Map<string, RTCIceCandidateInit[]>();
  private readonly listeners: Listener[] = [];
  private joined = false;
  private stopped = false;

  constructor(private readonly o: CallSessionOptions) {
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
    on('users-in-room', (users) => this.onUsersInRoom(users));
    on('user-joined', (user) => this.onUserJoined(user));
    on('user-left', (user) => this.onUserLeft(user));
    on('offer', (m) => this.onDescription(m.from, toDescription(m.sdp, 'offer'), m.name));
    on('answer', (m) => this.onDescription(m.from, toDescription(m.sdp, 'answer')));
    on('ice-candidate', (m) => this.onCandidate(m.from, m.candidate));
    on('peer-state', (m) => this.onPeerState(m));
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
    if (!this.joined) return;
    this.o.socket.emit('peer-state', { roomId: this.o.roomId, ...this.o.flags() }, noop);
  }

  /** Sends another track of one kind to every peer (device switch, screen share, camera on). */
  async setTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.setTrack(kind, track)));
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
    // A fresh join after any reconnect: the old links' other ends are gone or will be rebuilt.
    this.joined = false;
    this.closeLinks();
    this.o.dispatch({ type: 'reset' });
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
      this.remember(user);
      this.link(user.id, true);
    }
  }

  private onUserJoined(user: PeerRef): void {
    if (user.id === this.o.socket.id) return;
    this.announced.add(user.id);
    this.remember(user);
    this.o.onPeerJoined(displayNameOf(user.name));
    // The newcomer offers; tell it our state so its tile shows mute and hand at once.
    this.announceState();
  }

  private onUserLeft(user: PeerRef): void {
    if (user.id === this.o.socket.id) return;
    const name = user.name ?? this.names.get(user.id);
    const known = this.names.has(user.id);
    // A link that gave up is dropped but its peer stays announced (it may offer again); a peer
    // that left is not listened to any more.
    this.announced.delete(user.id);
    this.drop(user.id);
    if (known) this.o.onPeerLeft(displayNameOf(name));
  }

  private onDescription(from: string, description: RTCSessionDescriptionInit, name?: string) {
    if (from === this.o.socket.id || !this.announced.has(from)) return;
    if (name) this.remember({ id: from, name });
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
    this.o.dispatch({ type: 'joined', peerId: user.id, name, userId: user.userId });
  }

  private link(peerId: string, initiator: boolean): PeerLink {
    this.links.get(peerId)?.close();
    const selfId = this.o.socket.id ?? '';
    const link = new PeerLink({
      polite: selfId < peerId,
      initiator,
      rtcConfig: this.o.rtcConfig,
      localStream: this.o.localStream,
      tracks: this.o.tracks(),
      sendDescription: (d) => {
        const sdp = { type: d.type, sdp: d.sdp };
        if (d.type === 'offer')
          this.o.socket.emit('offer', { to: peerId, sdp, name: this.o.name }, noop);
        else if (d.type === 'answer') this.o.socket.emit('answer', { to: peerId, sdp }, noop);
      },
      sendCandidate: (candidate) =>
        this.o.socket.emit('ice-candidate', { to: peerId, candidate }, noop),
      onStream: (stream) => this.o.dispatch({ type: 'stream', peerId, stream }),
      onState: (connection) => this.o.dispatch({ type: 'connection', peerId, connection }),
      // docs/product.md §7.2: a peer whose connection fails (after one ICE restart) is removed.
      onGiveUp: () => this.drop(peerId),
    });
    this.links.set(peerId, link);
    return link;
  }

  private drop(peerId: string) {
    this.links.get(peerId)?.close();
    this.links.delete(peerId);
    this.names.delete(peerId);
    this.earlyCandidates.delete(peerId);
    this.o.dispatch({ type: 'left', peerId });
  }

  private closeLinks() {
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.announced.clear();
    this.names.clear();
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
