import { createDeviceFlag } from './device-flag';

/**
 * Whether a call plays a soft chime when someone else raises a hand, under the `callHandSound`
 * key (this module alone touches it): on unless turned off in Settings, kept per browser. The
 * toast and the "Raised hands" list show every hand either way (docs/decisions/0063).
 */
export const CALL_HAND_SOUND_KEY = 'callHandSound';
const handSound = createDeviceFlag(CALL_HAND_SOUND_KEY, true);

export const readCallHandSound = handSound.read;
export const saveCallHandSound = handSound.save;
export const useCallHandSound = handSound.use;
