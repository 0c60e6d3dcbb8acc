/**
 * One WebRTC connection to one peer, with the "perfect negotiation" pattern of the WebRTC
 * specification (section 10.7 of webrtc-pc, and MDN's article of that name): either side may
 * renegotiate at any time; when two offers cross, the polite side rolls its own back and takes
 * the other's, the impolite side ignores the incoming one, so glare never deadlocks.
 *
 * Each link carries exactly three transceivers, created by whichever side makes the first offer:
 * the microphone, the camera and a second video for a shared screen (empty until someone shares),
 * so the presenter's camera stays beside the screen (docs/decisions/0079-presenter-beside-share.md).
 * Every later change (mute, camera on, another device, a share started or stopped) swaps a
 * sender's track with RTCRtpSender.replaceTrack: no renegotiation, no new m-line. The receiving
 * side tells the two videos apart by their order: the first video m-line is the camera.
 *
 * The senders carry the link's own clones of the local tracks, stopped the moment the link closes
 * or swaps them: a closed RTCPeerConnection's senders keep their track (and the capture frames it
 * is fed) referenced until garbage collection, and a host whose guests come and go would pile up
 * such links (docs/decisions/0030-a-closed-link-lets-go-at-once.md). Stopping a clone ends only
 * this link's share; the camera goes on.
 */

export type LinkState = 'connecting' | 'connected' | 'reconnecting';

export interface PeerLinkOptions {
  polite: boolean;
  /** True for the side that makes the first offer (the newcomer, towards those already in). */
  initiator: boolean;
  rtcConfig: RTCConfiguration;
  /** The local stream the senders are associated with, and its current tracks. */
  localStream: MediaStream;
  tracks: SlotTracks;
  sendDescription(description: RTCSessionDescriptionInit): void;
  sendCandidate(candidate: RTCIceCandidateInit): void;
  onStream(stream: MediaStream): void;
  /** The peer's screen slot, as a stream of its one track (it carries frames only while shared). */
  onScreen(stream: MediaStream): void;
  onState(state: LinkState): void;
  /** ICE failed again after a restart, or never came back: the caller drops the peer. */
  onGiveUp(): void;
}

/** How long a 'disconnected' link may stay so before an ICE restart is tried. */
const DISCONNECTED_GRACE_MS = 4000;
/** How long a restarted link has to come back before the peer is dropped. */
const RESTART_TIMEOUT_MS = 15000;
/** What a link sends, in m-line order: the first offer creates them so, the answer takes them so. */
export const SLOTS = ['audio', 'video', 'screen'] as const;
export type Slot = (typeof SLOTS)[number];
export type SlotTracks = Record<Slot, MediaStreamTrack | null>;
const mediaKindOf = (slot: Slot) => (slot === 'audio' ? 'audio' : 'video');

export class PeerLink {
  readonly pc: RTCPeerConnection;
  private remote = new MediaStream();
  private readonly transceivers: Partial<Record<Slot, RTCRtpTransceiver>> = {};
  /** The local tracks handed in, and this link's clones of them (what the senders carry). */
  private tracks: SlotTracks;
  private clones: SlotTracks = { audio: null, video: null, screen: null };
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private restarted = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Candidates that arrived before the description they belong to (the relay may reorder). */
  private early: RTCIceCandidateInit[] = [];

  constructor(private readonly options: PeerLinkOptions) {
    this.tracks = { ...options.tracks };
    for (const slot of SLOTS) this.clones[slot] = this.tracks[slot]?.clone() ?? null;
    const pc = new RTCPeerConnection(options.rtcConfig);
    this.pc = pc;

    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        // Parameterless setLocalDescription makes the right description for the current state.
        await pc.setLocalDescription();
        if (pc.localDescription) options.sendDescription(pc.localDescription.toJSON());
      } catch (err) {
        // docs/product.md §7.11: offer, answer and candidate failures are logged only.
        if (!this.closed) console.warn('call: offer failed', err);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) options.sendCandidate(candidate.toJSON());
    };
    pc.ontrack = ({ track, transceiver }) => {
      if (this.slotOf(transceiver) === 'screen') {
        options.onScreen(new MediaStream([track]));
        return;
      }
      // A new stream object each time, one track of each kind: a media element that started on
      // an audio-only stream does not reliably show a video track added to it later.
      const kept = this.remote.getTracks().filter((t) => t.kind !== track.kind);
      this.remote = new MediaStream([...kept, track]);
      options.onStream(this.remote);
    };
    pc.oniceconnectionstatechange = () => this.onIceState();

    if (options.initiator) {
      for (const slot of SLOTS) {
        // A transceiver for each slot even without a local track, so turning the camera on later
        // (or sharing a screen) is a replaceTrack, not a renegotiation.
        this.transceivers[slot] = pc.addTransceiver(this.clones[slot] ?? mediaKindOf(slot), {
          direction: 'sendrecv',
          streams: [options.localStream],
        });
      }
    }
  }

  /** An offer or answer from the peer (perfect negotiation's receiving half). */
  async handleDescription(description: RTCSessionDescriptionInit): Promise<void> {
    const pc = this.pc;
    const readyForOffer =
      !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswer);
    const collision = description.type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.options.polite && collision;
    if (this.ignoreOffer) return;
    try {
      this.settingRemoteAnswer = description.type === 'answer';
      // A polite side in collision rolls its own offer back implicitly here.
      await pc.setRemoteDescription(description);
      this.settingRemoteAnswer = false;
      const early = this.early;
      this.early = [];
      for (const candidate of early) void this.handleCandidate(candidate);
      if (description.type === 'offer') {
        await this.adoptTransceivers();
        await pc.setLocalDescription();
        if (pc.localDescription) this.options.sendDescription(pc.localDescription.toJSON());
      }
    } catch (err) {
      this.settingRemoteAnswer = false;
      if (!this.closed) console.warn('call: could not apply the remote description', err);
    }
  }

  async handleCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    // The server relays each message on its own, so a candidate can overtake its offer or answer:
    // keep it until there is a remote description to add it to.
    if (!this.pc.remoteDescription) {
      if (this.early.length < 200) this.early.push(candidate);
      return;
    }
    try {
      await this.pc.addIceCandidate(candidate);
    } catch (err) {
      // Candidates of an offer this side ignored are expected to fail.
      if (!this.ignoreOffer && !this.closed) console.warn('call: bad ICE candidate', err);
    }
  }

  /**
   * Swaps what this side sends in one slot (null sends nothing); never renegotiates. The same
   * track again only carries its `enabled` flag (mute, camera off) over to this link's clone.
   */
  async setTrack(kind: Slot, track: MediaStreamTrack | null): Promise<void> {
    if (this.closed) return;
    const clone = this.clones[kind];
    if (track && track === this.tracks[kind] && clone) {
      clone.enabled = track.enabled;
      return;
    }
    this.tracks[kind] = track;
    const next = track?.clone() ?? null;
    this.clones[kind] = next;
    const transceiver = this.transceivers[kind];
    try {
      if (transceiver) await transceiver.sender.replaceTrack(next);
    } finally {
      clone?.stop();
      // Closed while the swap was under way: close() saw the old clone, not this one.
      if (this.closed) next?.stop();
    }
  }

  /** The sender for a slot, for statistics and tests. */
  sender(slot: Slot): RTCRtpSender | undefined {
    return this.transceivers[slot]?.sender;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.pc.onnegotiationneeded = null;
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.oniceconnectionstatechange = null;
    this.pc.close();
    for (const slot of SLOTS) this.clones[slot]?.stop();
  }

  /**
   * Which slot a transceiver is, from its place among those of its kind: the first offer adds
   * them in SLOTS order and every m-line keeps its place, so both sides count alike.
   */
  private slotOf(transceiver: RTCRtpTransceiver): Slot {
    const kind = transceiver.receiver.track.kind;
    if (kind === 'audio') return 'audio';
    const videos = this.pc.getTransceivers().filter((t) => t.receiver.track.kind === 'video');
    return videos.indexOf(transceiver) === 1 ? 'screen' : 'video';
  }

  /**
   * The answering side takes the transceivers the first offer created: it sends on them too
   * (direction and track set before the answer is made, so the answer carries them).
   */
  private async adoptTransceivers(): Promise<void> {
    for (const transceiver of this.pc.getTransceivers()) {
      if (transceiver.mid === null || transceiver.currentDirection === 'stopped') continue;
      const slot = this.slotOf(transceiver);
      if (this.transceivers[slot]) continue;
      this.transceivers[slot] = transceiver;
      transceiver.direction = 'sendrecv';
      transceiver.sender.setStreams?.(this.options.localStream);
      await transceiver.sender.replaceTrack(this.clones[slot]);
    }
  }

  private onIceState(): void {
    const state = this.pc.iceConnectionState;
    clearTimeout(this.timer);
    if (state === 'connected' || state === 'completed') {
      this.restarted = false;
      this.options.onState('connected');
    } else if (state === 'disconnected') {
      // Often a blip that ICE heals by itself; restart only if it lasts.
      this.options.onState('reconnecting');
      this.timer = setTimeout(() => this.restart(), DISCONNECTED_GRACE_MS);
    } else if (state === 'failed') {
      this.options.onState('reconnecting');
      this.restart();
    } else if (state === 'checking' || state === 'new') {
      this.options.onState(this.restarted ? 'reconnecting' : 'connecting');
    }
  }

  /** One ICE restart per failure; if the link does not come back, the peer is dropped. */
  private restart(): void {
    if (this.closed) return;
    if (this.restarted) {
      this.options.onGiveUp();
      return;
    }
    this.restarted = true;
    this.pc.restartIce();
    this.timer = setTimeout(() => {
      const s = this.pc.iceConnectionState;
      if (s !== 'connected' && s !== 'completed') this.options.onGiveUp();
    }, RESTART_TIMEOUT_MS);
  }
}
