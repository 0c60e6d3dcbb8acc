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

/**
 * Whether the microphone and the camera start on, as last chosen on the call's pre-join step
 * (docs/decisions/0073-pre-join.md). On this device only, like the devices above; both default on,
 * as the call always started before the pre-join existed.
 */
export const JOIN_CHOICE_KEY = 'callJoinChoice';

export interface JoinChoice {
  micOn: boolean;
  cameraOn: boolean;
}

export function readJoinChoice(): JoinChoice {
  const stored = readJson<Record<string, unknown>>(JOIN_CHOICE_KEY, {}, isRecord);
  return { micOn: stored.micOn !== false, cameraOn: stored.cameraOn !== false };
}

export function saveJoinChoice(update: Partial<JoinChoice>): void {
  writeJson(JOIN_CHOICE_KEY, { ...readJoinChoice(), ...update });
}
