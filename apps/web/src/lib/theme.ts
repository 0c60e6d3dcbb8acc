import { useSyncExternalStore } from 'react';
import { readString, writeString } from './storage';

/**
 * The colour theme: light, dark, or the system's (prefers-color-scheme). The choice is kept under
 * the `theme` key, which this module alone owns; public/theme-init.js reads the same key to put
 * the `dark` class on <html> before the first paint, and this module keeps it right afterwards
 * (a change on the Settings page, in another tab, or of the system setting). The dark colours
 * themselves are src/theme-dark.css.
 */

export const THEME_KEY = 'theme';
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const CHANGE_EVENT = 'themechange';

export function isThemePreference(value: unknown): value is ThemePreference {
  return THEME_PREFERENCES.includes(value as ThemePreference);
}

/** The stored choice; anything missing or unknown reads as 'system'. */
export function readThemePreference(): ThemePreference {
  const stored = readString(THEME_KEY);
  return isThemePreference(stored) ? stored : 'system';
}

/** The theme to show for a choice, given whether the system prefers dark. */
export function resolveTheme(
  preference: ThemePreference,
  systemPrefersDark: boolean,
): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/**
 * The browser's own bar around the page (a phone's status bar, the installed app's title bar) in
 * each theme: the brand indigo, or the dark bar's slate. index.html gives the same pair for the
 * system's theme; once the app runs, the theme chosen in Settings decides.
 */
export const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#4f46e5', dark: '#0f172a' };

/** Puts the resolved theme on <html> (the class theme-dark.css keys on) and the browser's bar. */
export function applyTheme(preference: ThemePreference = readThemePreference()): ResolvedTheme {
  const resolved = resolveTheme(preference, systemPrefersDark());
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', THEME_COLORS[resolved]);
  }
  return resolved;
}

/** Saves and applies a choice; every useTheme in this tab hears of it. */
export function setThemePreference(preference: ThemePreference): void {
  writeString(THEME_KEY, preference);
  applyTheme(preference);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * Keeps <html> in step for the page's lifetime: the system setting changing while 'system' is
 * chosen, and a choice made in another tab (the storage event). Returns the cleanup.
 */
export function watchTheme(): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const reapply = () => {
    applyTheme();
    window.dispatchEvent(new Event(CHANGE_EVENT));
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY || event.key === null) reapply();
  };
  media?.addEventListener('change', reapply);
  window.addEventListener('storage', onStorage);
  return () => {
    media?.removeEventListener('change', reapply);
    window.removeEventListener('storage', onStorage);
  };
}

function subscribe(listener: () => void) {
  window.addEventListener(CHANGE_EVENT, listener);
  return () => window.removeEventListener(CHANGE_EVENT, listener);
}

/** The current choice, re-rendering when it changes. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, () => 'system' as const);
}
