import type { DevicePreferences } from '../../../lib/device-preferences';

/**
 * Local media: the camera and microphone (getUserMedia), the screen (getDisplayMedia) and the
 * device list. This folder is the only code that touches these browser APIs (lint-enforced).
 */

/** docs/product.md §7.2: video at 1280 by 720, ideal. */
export const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
};

export function isMediaSupported(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

export function isScreenShareSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getDisplayMedia === 'function'
  );
}

export interface LocalMedia {
  /** Always a stream (possibly with no tracks), so the call can join with neither device. */
  stream: MediaStream;
  audio: boolean;
  video: boolean;
  /** Set when the user (or the device) refused one or both: the screen offers Retry. */
  failed: boolean;
}

function audioConstraints(prefs: DevicePreferences): MediaTrackConstraints | boolean {
  // `ideal`, not `exact`: a stored device that vanished (an unplugged headset) falls back to the
  // default one instead of failing the call.
  return prefs.microphoneId ? { deviceId: { ideal: prefs.microphoneId } } : true;
}

function videoConstraints(prefs: DevicePreferences): MediaTrackConstraints {
  return prefs.cameraId
    ? { ...VIDEO_CONSTRAINTS, deviceId: { ideal: prefs.cameraId } }
    : VIDEO_CONSTRAINTS;
}

async function tryGet(constraints: MediaStreamConstraints): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch {
    return null;
  }
}

/**
 * Camera and microphone together, else whichever one is allowed, else neither: someone who
 * refuses the camera still joins with audio, and someone who refuses both still joins and chats.
 */
export async function acquireLocalMedia(prefs: DevicePreferences): Promise<LocalMedia> {
  const both = await tryGet({ audio: audioConstraints(prefs), video: videoConstraints(prefs) });
  if (both) return { stream: both, audio: true, video: true, failed: false };
  const audio = await tryGet({ audio: audioConstraints(prefs) });
  if (audio) return { stream: audio, audio: true, video: false, failed: true };
  const video = await tryGet({ video: videoConstraints(prefs) });
  if (video) return { stream: video, audio: false, video: true, failed: true };
  return { stream: new MediaStream(), audio: false, video: false, failed: true };
}

/** One new track from a chosen device, for switching devices in the call. */
export async function acquireTrack(
  kind: 'audio' | 'video',
  deviceId: string,
): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia(
    kind === 'audio'
      ? { audio: { deviceId: { exact: deviceId } } }
      : { video: { ...VIDEO_CONSTRAINTS, deviceId: { exact: deviceId } } },
  );
  const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
  if (!track) throw new Error(`No ${kind} track from the chosen device.`);
  return track;
}

/** The screen, a window or a tab, as one video track (audio is not shared). */
export async function acquireScreen(): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  const track = stream.getVideoTracks()[0];
  if (!track) throw new Error('No screen track.');
  // Tells the encoder to keep text sharp rather than motion smooth.
  if ('contentHint' in track) track.contentHint = 'detail';
  return track;
}

export interface MediaDeviceOption {
  deviceId: string;
  label: string;
}

/** Cameras and microphones; labels are empty until the user has allowed access once. */
export async function listDevices(): Promise<{
  cameras: MediaDeviceOption[];
  microphones: MediaDeviceOption[];
}> {
  if (typeof navigator.mediaDevices?.enumerateDevices !== 'function')
    return { cameras: [], microphones: [] };
  const devices = await navigator.mediaDevices.enumerateDevices();
  const pick = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${fallback} ${i + 1}` }));
  return { cameras: pick('videoinput', 'Camera'), microphones: pick('audioinput', 'Microphone') };
}

/**
 * Puts `track` in `stream` in place of its tracks of the same kind, which are stopped: a preview
 * that changes device keeps one stream (its <video> shows the new camera without a new source).
 */
export function replaceStreamTrack(stream: MediaStream, track: MediaStreamTrack): void {
  for (const old of track.kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks()) {
    stream.removeTrack(old);
    old.stop();
  }
  stream.addTrack(track);
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}
