/**
 * Lists the cameras and microphones for the Settings page's device choice (through the call
 * feature's index: only this media layer touches the devices). Browsers hide device
 * names (and often all but one device) until the page has been allowed the camera and microphone
 * once, so `requestMediaAccess` asks, then stops the tracks at once: Settings only needs the
 * permission, never the picture or sound. The call's own media layer opens the devices for real.
 */

export interface MediaDeviceOption {
  deviceId: string;
  label: string;
}

export interface MediaDeviceLists {
  cameras: MediaDeviceOption[];
  microphones: MediaDeviceOption[];
  /** False until permission was given: the devices then have no names. */
  labelled: boolean;
}

/** True when this browser can open a camera or microphone at all (a secure page, a modern browser). */
export function mediaDevicesSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof navigator.mediaDevices.enumerateDevices === 'function'
  );
}

export async function listMediaDevices(): Promise<MediaDeviceLists> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const pick = (kind: MediaDeviceKind, noun: string) =>
    devices
      .filter((device) => device.kind === kind && device.deviceId !== '')
      // 'default' and 'communications' are aliases of a real device in Chromium.
      .filter((device) => device.deviceId !== 'default' && device.deviceId !== 'communications')
      .map((device, index) => ({
        deviceId: device.deviceId,
        label: device.label || `${noun} ${index + 1}`,
      }));
  return {
    cameras: pick('videoinput', 'Camera'),
    microphones: pick('audioinput', 'Microphone'),
    labelled: devices.some((device) => device.label !== ''),
  };
}

/** Asks for camera and microphone once, so the device list gets names; stops the tracks at once. */
export async function requestMediaAccess(): Promise<void> {
  const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  for (const track of stream.getTracks()) track.stop();
}

/** Calls `listener` when a device is plugged in or out. Returns the cleanup. */
export function onMediaDevicesChange(listener: () => void): () => void {
  if (!mediaDevicesSupported()) return () => {};
  navigator.mediaDevices.addEventListener('devicechange', listener);
  return () => navigator.mediaDevices.removeEventListener('devicechange', listener);
}
