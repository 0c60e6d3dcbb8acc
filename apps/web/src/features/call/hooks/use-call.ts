import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { RaisedHand } from '@studycircle/shared';
import { acquireSocket, sessionEndedOn, type AppSocket } from '../../../lib/socket';
import { toast } from '../../../ui/toast';
import { readCallHandSound } from '../../../lib/call-sounds';
import { playChime } from '../../../lib/chime';
import { isSpeaking } from '../lib/call-rules';
import { createSpeechWatch, newlyRaised } from '../lib/hand-queue';
import { displayNameOf, emptyParticipants, participantsReducer } from '../lib/participants';
import { loadCallConfig } from '../api/get-call-config';
import { CallSession, type JoinOutcome } from '../session/call-session';
import { LocalMediaController, type LocalMediaSnapshot } from '../webrtc/local-media';
import { watchAudioLevel } from '../webrtc/audio-level';
import { stopStream, type LocalMedia } from '../webrtc/media';

export type LinkStatus = 'connecting' | 'connected' | 'disconnected';
export type JoinStatus = 'pending' | 'joined' | 'full' | 'refused';

/**
 * How the pre-join step (or the room page's device check) asked to join: with the mic or the
 * camera off, and the media the pre-join already opened, which the call takes over.
 */
export interface CallStart {
  muted?: boolean;
  videoOff?: boolean;
  media?: Promise<LocalMedia>;
}

export interface CallOptions {
  roomId: string;
  /** The signed-in account: the ICE servers' reused copy is its own (TURN credentials). */
  userId: string | null;
  name: string;
  start?: CallStart;
}

const INITIAL_MEDIA: LocalMediaSnapshot = {
  status: 'pending',
  hasAudio: false,
  hasVideo: false,
  failed: false,
  muted: false,
  videoOff: false,
  sharing: false,
};

/**
 * The call screen's engine (docs/product.md §7.2): the room is loaded by the page; this
 * acquires local media, opens the live link, joins once both are ready, and runs the session.
 * Everything it exposes is React state plus the control actions.
 */
export function useCall({ roomId, userId, name, start }: CallOptions) {
  const [participants, dispatch] = useReducer(participantsReducer, emptyParticipants);
  const [link, setLink] = useState<LinkStatus>('connecting');
  const [media, setMedia] = useState<LocalMediaSnapshot>(INITIAL_MEDIA);
  const [join, setJoin] = useState<{ status: JoinStatus; message?: string; at?: number }>({
    status: 'pending',
  });
  const [hand, setHand] = useState(false);
  /** The call's raised hands in the server's order, and this side's socket id among them. */
  const [hands, setHands] = useState<{ queue: RaisedHand[]; self: string | undefined }>({
    queue: [],
    self: undefined,
  });
  const [level, setLevel] = useState(0);
  const [mediaVersion, setMediaVersion] = useState(0);
  const [socket, setSocket] = useState<AppSocket | null>(null);

  const mediaRef = useRef<LocalMediaController | null>(null);
  const sessionRef = useRef<CallSession | null>(null);
  const [controller, setController] = useState<LocalMediaController | null>(null);
  const handRef = useRef(false);
  const handsRef = useRef<RaisedHand[]>([]);
  const [speech] = useState(createSpeechWatch);
  // Read once: the choice applies to this visit's first media, not to later renders.
  const startRef = useRef(start);
  // Asked once per visit, in parallel with the join (docs/decisions/0027).
  const [rtcConfig] = useState(() => loadCallConfig(userId));

  // Local media: acquired once per visit (again on Retry Media).
  useEffect(() => {
    const created = new LocalMediaController(
      (snapshot) => {
        setMedia(snapshot);
        setMediaVersion((v) => v + 1);
      },
      (kind, track) => void sessionRef.current?.setTrack(kind, track),
    );
    mediaRef.current = created;
    setController(created);
    // Flags set before the devices open: the new tracks start disabled, so nothing is ever sent.
    if (startRef.current?.muted) created.setMuted(true);
    if (startRef.current?.videoOff) created.setVideoOff(true);
    // The pre-join's media is taken once: Retry Media (and a StrictMode re-run in development,
    // whose first controller stopped it) asks the browser again.
    const given = startRef.current?.media;
    if (startRef.current) startRef.current = { ...startRef.current, media: undefined };
    void created.acquire(given).then((snapshot) => {
      if (snapshot.status === 'ready' && snapshot.failed)
        toast('Could not access camera/microphone.', { tone: 'error' });
    });
    return () => {
      mediaRef.current = null;
      created.dispose();
    };
  }, []);

  // The live link, with its toasts (docs/product.md §7.8). Each kind of toast has a key, so a burst
  // (a flapping link, the mic toggled five times) shows only the latest.
  useEffect(() => {
    const { socket: s, release } = acquireSocket();
    setSocket(s);
    if (s.connected) setLink('connected');
    const onConnect = () => {
      setLink('connected');
      toast('Connected', { tone: 'success', key: 'call-link' });
    };
    // A session ended on another device is no link trouble: the app says so and goes to sign-in
    // (docs/product.md §3.8), so the call adds no "Disconnected" of its own.
    const onDisconnect = () => {
      setLink('disconnected');
      if (!sessionEndedOn(s)) toast('Disconnected', { tone: 'error', key: 'call-link' });
    };
    const onError = () => {
      setLink('disconnected');
      if (!sessionEndedOn(s)) toast('Connection error', { tone: 'error', key: 'call-link' });
    };
    s.on('connect', onConnect);
    s.on('disconnect', onDisconnect);
    s.on('connect_error', onError);
    return () => {
      s.off('connect', onConnect);
      s.off('disconnect', onDisconnect);
      s.off('connect_error', onError);
      release();
    };
  }, []);

  // The session starts once the link exists, without waiting for the camera or the ICE servers:
  // the join goes out at once, every link has its transceivers from the start, and the tracks are
  // handed to them (replaceTrack) when getUserMedia answers. The others' video does not wait for
  // ours, and the join does not wait for GET /api/config (only the first link does).
  useEffect(() => {
    if (!socket || !controller) return;
    const session = new CallSession({
      socket,
      roomId,
      name,
      rtcConfig,
      localStream: controller.stream,
      tracks: () => controller.tracks(),
      flags: () => ({ ...pickFlags(controller.snapshot), hand: handRef.current }),
      dispatch,
      onJoin: (outcome: JoinOutcome) => {
        if (outcome.ok) setJoin((j) => ({ status: 'joined', at: j.at ?? Date.now() }));
        else
          setJoin({
            status: outcome.code === 'CALL_FULL' ? 'full' : 'refused',
            message: outcome.message,
          });
        // Someone turned away from a full call keeps the chat but not the camera.
        if (!outcome.ok) controller.dispose();
      },
      onPeerJoined: (peer) => toast(`${peer} joined`),
      onPeerLeft: (peer) => toast(`${peer} left`),
      onHands: (queue, first) => {
        const self = socket.id;
        // Hands already up when this side joined are in the list, not announced one by one.
        if (!first) {
          const raised = newlyRaised(handsRef.current, queue, self);
          for (const hand of raised)
            toast(`${displayNameOf(hand.name)} raised a hand`, { key: 'call-hand-others' });
          // One soft chime for the lot, unless turned off in Settings (lib/call-sounds.ts).
          if (raised.length > 0 && readCallHandSound()) playChime('hand');
        }
        handsRef.current = queue;
        setHands({ queue, self });
      },
    });
    sessionRef.current = session;
    // Closing the tab is leaving (docs/product.md §7.2): said while the link is still up, so the
    // others see "left" at once rather than a dropped link they wait for.
    const onPageHide = () => session.leave();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      sessionRef.current = null;
      session.stop();
    };
  }, [socket, rtcConfig, roomId, name, controller]);

  // Tell the others whenever the mic, camera, hand or screen changes.
  useEffect(() => {
    sessionRef.current?.announceState();
  }, [media.muted, media.videoOff, media.sharing, media.hasAudio, media.hasVideo, hand]);

  // The local microphone's level, for the speaking highlight.
  useEffect(() => {
    if (!controller || !media.hasAudio || media.muted) {
      setLevel(0);
      return;
    }
    return watchAudioLevel(controller.stream, (value) => {
      setLevel(value);
      // Speaking takes this side's raised hand down (docs/decisions/0063).
      if (handRef.current && speech.reading(isSpeaking(value), Date.now())) {
        handRef.current = false;
        setHand(false);
        toast('Hand lowered as you spoke', { key: 'call-hand' });
      }
    });
  }, [controller, media.hasAudio, media.muted, mediaVersion, speech]);

  const toggleMic = useCallback(() => {
    const c = mediaRef.current;
    if (!c || !c.snapshot.hasAudio) return;
    const muted = !c.snapshot.muted;
    c.setMuted(muted);
    toast(muted ? 'Mic off' : 'Mic on', { key: 'call-mic' });
  }, []);

  const toggleCamera = useCallback(() => {
    const c = mediaRef.current;
    if (!c || !c.snapshot.hasVideo) return;
    const off = !c.snapshot.videoOff;
    c.setVideoOff(off);
    toast(off ? 'Cam off' : 'Cam on', { key: 'call-camera' });
  }, []);

  const toggleHand = useCallback(() => {
    const raised = !handRef.current;
    handRef.current = raised;
    if (raised) speech.raised(Date.now());
    setHand(raised);
    toast(raised ? 'Hand raised' : 'Hand lowered', { key: 'call-hand' });
  }, [speech]);

  const toggleShare = useCallback(async () => {
    const c = mediaRef.current;
    if (!c) return;
    if (c.snapshot.sharing) c.stopScreenShare();
    else if (!(await c.startScreenShare())) toast('Screen sharing was not started.');
  }, []);

  const retryMedia = useCallback(async () => {
    const c = mediaRef.current;
    if (!c) return;
    const snapshot = await c.acquire();
    if (snapshot.failed) toast('Could not access camera/microphone.', { tone: 'error' });
  }, []);

  const chooseDevice = useCallback(async (kind: 'audio' | 'video', deviceId: string) => {
    try {
      await mediaRef.current?.switchDevice(kind, deviceId);
    } catch {
      toast('Could not access camera/microphone.', { tone: 'error' });
    }
  }, []);

  /** docs/product.md §7.2: leaving stops media, tells the server and disconnects. */
  const leave = useCallback(() => {
    sessionRef.current?.leave();
    sessionRef.current = null;
    const c = mediaRef.current;
    if (c) {
      stopStream(c.stream);
      c.dispose();
    }
  }, []);

  return {
    participants,
    link,
    media,
    mediaVersion,
    join,
    hand,
    hands,
    level,
    localStream: controller?.stream ?? null,
    localScreen: controller?.screenStream ?? null,
    currentDevices: () => mediaRef.current?.currentDevices() ?? {},
    peerConnections: () => sessionRef.current?.peerConnections() ?? [],
    toggleMic,
    toggleCamera,
    toggleHand,
    toggleShare,
    retryMedia,
    chooseDevice,
    leave,
  };
}

function pickFlags(s: LocalMediaSnapshot) {
  return { muted: s.muted || !s.hasAudio, videoOff: s.videoOff || !s.hasVideo, sharing: s.sharing };
}
