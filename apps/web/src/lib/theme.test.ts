import { afterEach, describe, expect, it } from 'vitest';
import {
  THEME_KEY,
  applyTheme,
  readThemePreference,
  resolveTheme,
  setThemePreference,
} from './theme';

afterEach(() => document.documentElement.classList.remove('dark'));

describe('theme resolution', () => {
  it('light and dark are what they say; system follows prefers-color-scheme', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
  });

  it('reads a missing, unknown or corrupt stored value as system', () => {
    expect(readThemePreference()).toBe('system');
    for (const bad of ['', 'DARK', '"dark"', 'blue']) {
      localStorage.setItem(THEME_KEY, bad);
      expect(readThemePreference()).toBe('system');
    }
    localStorage.setItem(THEME_KEY, 'dark');
    expect(readThemePreference()).toBe('dark');
  });

  it('stores a choice and puts the dark class on <html>, and takes it off again', () => {
    setThemePreference('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    setThemePreference('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(applyTheme('dark')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  it("colours the browser's bar for the theme shown (the installed app's title bar)", () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#4f46e5';
    document.head.append(meta);
    try {
      applyTheme('dark');
      expect(meta.content).toBe('#0f172a');
      applyTheme('light');
      expect(meta.content).toBe('#4f46e5');
    } finally {
      meta.remove();
    }
  });
});
