import { useSyncExternalStore } from 'react';
import { readString, writeString } from './storage';

export interface DeviceFlag {
  /** The stored choice: on unless turned off (or off unless turned on, per the default). */
  read(): boolean;
  /** Saves a choice; every `use()` in this tab hears of it, other tabs through storage events. */
  save(on: boolean): void;
  /** The current choice, re-rendering when it changes. */
  use(): boolean;
}

/**
 * A yes/no preference kept per browser under one localStorage key as `on` or `off`, like a volume
 * setting (the focus timer's chime, the call's hand sound). The module that creates a flag alone
 * owns its key.
 */
export function createDeviceFlag(key: string, defaultOn: boolean): DeviceFlag {
  const event = `${key}-updated`;
  const read = () => {
    const stored = readString(key);
    return stored === 'on' ? true : stored === 'off' ? false : defaultOn;
  };
  const subscribe = (listener: () => void) => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === key || e.key === null) listener();
    };
    window.addEventListener(event, listener);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(event, listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    read,
    save(on) {
      writeString(key, on ? 'on' : 'off');
      window.dispatchEvent(new Event(event));
    },
    use: () => useSyncExternalStore(subscribe, read, () => defaultOn),
  };
}
