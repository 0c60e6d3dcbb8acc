import { useSyncExternalStore } from 'react';
import { readString, writeString } from './storage';

/**
 * How the call's keyboard shortcuts (M, C, D, H, L, S) are pressed on this device: the single
 * letters of docs/product.md §7.7 (the default), the same letters with Shift+Alt held, or not at
 * all. WCAG 2.1.4 asks that single-character shortcuts can be turned off or remapped; why the
 * modifier is Shift+Alt is docs/decisions/0053-call-shortcuts-the-user-can-change.md. Chosen on
 * the Settings page and read by the call screen; both go through this module, which alone owns
 * the key.
 */
export const CALL_SHORTCUTS_KEY = 'callShortcuts';
export const CALL_SHORTCUT_MODES = ['single', 'alt', 'off'] as const;
export type CallShortcutMode = (typeof CALL_SHORTCUT_MODES)[number];

const CHANGE_EVENT = 'callshortcutschange';

export function isCallShortcutMode(value: unknown): value is CallShortcutMode {
  return CALL_SHORTCUT_MODES.includes(value as CallShortcutMode);
}

/** The stored choice; anything missing or unknown reads as the single keys of docs/product.md §7.7. */
export function readCallShortcutMode(): CallShortcutMode {
  const stored = readString(CALL_SHORTCUTS_KEY);
  return isCallShortcutMode(stored) ? stored : 'single';
}

/** Saves a choice; every useCallShortcutMode in this tab hears of it. */
export function setCallShortcutMode(mode: CallShortcutMode): void {
  writeString(CALL_SHORTCUTS_KEY, mode);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(listener: () => void) {
  // A choice made in another tab arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CALL_SHORTCUTS_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice, re-rendering when it changes. */
export function useCallShortcutMode(): CallShortcutMode {
  return useSyncExternalStore(subscribe, readCallShortcutMode, () => 'single' as const);
}

/** How a shortcut's letter is written for a mode, for titles and aria-keyshortcuts (none when off). */
export function shortcutLabel(letter: string, mode: CallShortcutMode): string | undefined {
  if (mode === 'off') return undefined;
  return mode === 'alt' ? `Shift+Alt+${letter}` : letter;
}
