import type { Page } from '@playwright/test';

/**
 * Stores a theme as the Settings page does, before any page script runs (docs/product.md §3.11).
 */
export async function useStoredTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
}

/** True when the dark theme is applied (the class lib/theme.ts puts on <html>). */
export function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}
