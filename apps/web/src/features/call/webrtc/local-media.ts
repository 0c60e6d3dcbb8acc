import { readDevicePreferences, saveDevicePreferences } from '../../../lib/device-preferences';
import type { Slot, SlotTracks } from './peer-link';
import {
  acquireLocalMedia,
  acquireScreen,
  acquireTrack,
  isMediaSupported,
  type LocalMedia,
} from './media';

/**
 * This side's media for one call: one MediaStream whose tracks are swapped in place (camera and
 * microphone), a second one for a shared screen, and the flags the controls flip. Muting and
 * turning the camera off disable the track (the peers keep their senders and get silence or
 * black); a device switch or a share hands a new track to `onTrack`, which the session passes to
 * every RTCRtpSender.replaceTrack. The screen has a slot of its own, so the camera goes on beside
 * it (docs/decisions/0079-presenter-beside-share.md). Each peer link sends its own clone of the
 * track, so a mute or camera off hands the same track to `onTrack` again for the links to copy its
 * `enabled` flag.
 */

export type MediaStatus = 'pending' | 'ready' | 'unsupported';

export interface LocalMediaSnapshot {
  status: MediaStatus;
  hasAudio: boolean;
  hasVideo: boolean;
  /** The camera, the microphone or both were refused or missing. */
  failed: boolean;
  muted: boolean;
  videoOff: boolean;
  sharing: boolean;
}

export class LocalMediaController {
  readonly stream = new MediaStream();
  /** The shared screen, for this side's own view of it (empty while not sharing). */
  readonly screenStream = new MediaStream();
  private mic: MediaStreamTrack | null = null;
  private camera: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private snap: LocalMediaSnapshot = {
    status: 'pending',
    hasAudio: false,
    hasVideo: false,
    failed: false,
    muted: false,
    videoOff: false,
    sharing: false,
  };
  private disposed = false;

  constructor(
    private readonly onChange: (snapshot: LocalMediaSnapshot) => void,
    private readonly onTrack: (slot: Slot, track: MediaStreamTrack | null) => void,
  ) {}

  get snapshot(): LocalMediaSnapshot {
    return this.snap;
  }

  /** What the senders should carry now. */
  tracks(): SlotTracks {
    return { audio: this.mic, video: this.camera, screen: this.screen };
  }

  /**
   * Acquires the camera and microphone (again, for Retry Media), keeping the current flags. `given`
   * is media the pre-join step already opened: the call takes its tracks instead of asking the
   * browser again (no second prompt, no second camera opening; docs/decisions/0073-pre-join.md).
   */
  async acquire(given?: Promise<LocalMedia>): Promise<LocalMediaSnapshot> {
    if (!isMediaSupported()) return this.update({ status: 'unsupported', failed: true });
    const media = await (given ?? acquireLocalMedia(readDevicePreferences()));
    if (this.disposed) {
      media.stream.getTracks().forEach((t) => t.stop());
      return this.snap;
    }
    this.replace('audio', media.stream.getAudioTracks()[0] ?? null);
    this.replace('video', media.stream.getVideoTracks()[0] ?? null);
    return this.update({
      status: 'ready',
      hasAudio: Boolean(this.mic),
      hasVideo: Boolean(this.camera),
      failed: media.failed,
    });
  }

  setMuted(muted: boolean): void {
    if (this.mic) {
      this.mic.enabled = !muted;
      // The same track again: each link copies the flag to its own clone of it.
      this.onTrack('audio', this.mic);
    }
    this.update({ muted });
  }

  setVideoOff(videoOff: boolean): void {
    if (this.camera) {
      this.camera.enabled = !videoOff;
      this.onTrack('video', this.camera);
    }
    this.update({ videoOff });
  }

  /** Shares the screen beside the camera; resolves false if the user cancelled the picker. */
  async startScreenShare(): Promise<boolean> {
    if (this.screen) return true;
    let track: MediaStreamTrack;
    try {
      track = await acquireScreen();
    } catch {
      return false;
    }
    if (this.disposed) {
      track.stop();
      return false;
    }
    this.screen = track;
    // The browser's own "Stop sharing" bar ends the track: switch back to the camera then.
    track.addEventListener('ended', () => this.stopScreenShare());
    this.screenStream.addTrack(track);
    this.onTrack('screen', track);
    this.update({ sharing: true });
    return true;
  }

  stopScreenShare(): void {
    const screen = this.screen;
    if (!screen) return;
    this.screen = null;
    screen.stop();
    this.screenStream.removeTrack(screen);
    this.onTrack('screen', null);
    this.update({ sharing: false });
  }

  /** Switches to another camera or microphone, remembered for the next call. */
  async switchDevice(kind: 'audio' | 'video', deviceId: string): Promise<void> {
    const track = await acquireTrack(kind, deviceId);
    if (this.disposed) {
      track.stop();
      return;
    }
    this.replace(kind, track);
    saveDevicePreferences(kind === 'audio' ? { microphoneId: deviceId } : { cameraId: deviceId });
    this.update(kind === 'audio' ? { hasAudio: true } : { hasVideo: true });
  }

  /** The device id of the current camera and microphone, for the device menu. */
  currentDevices(): { cameraId?: string; microphoneId?: string } {
    return {
      cameraId: this.camera?.getSettings().deviceId,
      microphoneId: this.mic?.getSettings().deviceId,
    };
  }

  dispose(): void {
    this.disposed = true;
    for (const track of [this.mic, this.camera, this.screen]) track?.stop();
    for (const track of this.stream.getTracks()) this.stream.removeTrack(track);
    for (const track of this.screenStream.getTracks()) this.screenStream.removeTrack(track);
    this.mic = this.camera = this.screen = null;
  }

  private replace(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
    const old = kind === 'audio' ? this.mic : this.camera;
    if (old === track) return;
    if (track) track.enabled = kind === 'audio' ? !this.snap.muted : !this.snap.videoOff;
    if (kind === 'audio') this.mic = track;
    else this.camera = track;
    this.swapInStream(old, track);
    this.onTrack(kind, track);
    old?.stop();
  }

  private swapInStream(old: MediaStreamTrack | null, next: MediaStreamTrack | null) {
    if (old) this.stream.removeTrack(old);
    if (next) this.stream.addTrack(next);
  }

  private update(patch: Partial<LocalMediaSnapshot>): LocalMediaSnapshot {
    this.snap = { ...this.snap, ...patch };
    if (!this.disposed) this.onChange(this.snap);
    return this.snap;
  }
}
