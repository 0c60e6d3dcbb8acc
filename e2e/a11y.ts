import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * Shared checks for the signed-in pages of issue 11: axe-core violations and sideways scrolling.
 * axe is injected as a script tag, so the tests that call axeViolations use `bypassCSP: true`.
 */

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const { violations } = await page.evaluate(
    () =>
      (
        window as unknown as {
          axe: { run(context: Document, options: object): Promise<AxeResult> };
        }
      ).axe.run(document, { resultTypes: ['violations'] }) as Promise<AxeResult>,
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** How far the page scrolls sideways (0 when it fits the window). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Collects console errors and uncaught exceptions; a test expects the list to stay empty. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Sets the stored theme the way the Settings page does, before any page script runs. */
export async function useStoredTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}
