import { useSyncExternalStore } from 'react';
import { readString, writeString } from '../../../lib/storage';

/**
 * Whether the focus timer chimes at a phase change, under the `focusSound` key (this module alone
 * touches it): on unless the student turned it off. Kept per browser, like a volume setting.
 */
export const FOCUS_SOUND_KEY = 'focusSound';
const CHANGE_EVENT = 'focus-sound-updated';

export function readFocusSound(): boolean {
  return readString(FOCUS_SOUND_KEY) !== 'off';
}

export function saveFocusSound(on: boolean): void {
  writeString(FOCUS_SOUND_KEY, on ? 'on' : 'off');
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === FOCUS_SOUND_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFocusSound(): boolean {
  return useSyncExternalStore(subscribe, readFocusSound, () => true);
}
