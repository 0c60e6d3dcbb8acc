import { isRecord, readJson, writeJson } from './storage';

/**
 * The camera and microphone a user prefers for calls. Chosen on the Settings page and in the call,
 * read by the call's media layer; both features go through this module, which alone owns the key.
 * Device ids are per-origin and may vanish (an unplugged headset): callers fall back to the
 * browser's default device when a stored id is no longer listed.
 */
export const DEVICE_PREFERENCES_KEY = 'callDevicePreferences';

export interface DevicePreferences {
  cameraId?: string;
  microphoneId?: string;
}

export function readDevicePreferences(): DevicePreferences {
  const stored = readJson<Record<string, unknown>>(DEVICE_PREFERENCES_KEY, {}, isRecord);
  const pick = (value: unknown) =>
    typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : undefined;
  return { cameraId: pick(stored.cameraId), microphoneId: pick(stored.microphoneId) };
}

export function saveDevicePreferences(update: DevicePreferences): void {
  writeJson(DEVICE_PREFERENCES_KEY, { ...readDevicePreferences(), ...update });
}
