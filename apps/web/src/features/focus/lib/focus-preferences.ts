import { createDeviceFlag } from '../../../lib/device-flag';

/**
 * Whether the focus timer chimes at a phase change, under the `focusSound` key (this module alone
 * touches it): on unless the student turned it off. Kept per browser, like a volume setting.
 */
export const FOCUS_SOUND_KEY = 'focusSound';
const focusSound = createDeviceFlag(FOCUS_SOUND_KEY, true);

export const readFocusSound = focusSound.read;
export const saveFocusSound = focusSound.save;
export const useFocusSound = focusSound.use;
