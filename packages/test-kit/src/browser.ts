import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * Checks made inside a Playwright page: axe-core and the console-error watcher. A subpath of its
 * own (`@studycircle/test-kit/browser`) so server tests never load Playwright.
 */

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Every axe-core violation on the page as one readable line each; [] when there is none. It first
 * waits (up to 15 s) for the page's level-one heading: the bar and its menus can be ready while a
 * lazy page is still loading, and a page caught half-loaded has no heading yet. A page that never
 * gets one is then reported by axe itself.
 *
 * axe-core is injected as an inline script, which the app's CSP rightly refuses: tests that call
 * this use `test.use({ bypassCSP: true })`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
  // A dialog fading in is half transparent for a moment, and axe would judge the contrast of
  // that frame: wait until every animation that ends (not the looping decorations) has ended.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' ||
              !Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
          ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.addScriptTag({ path: AXE_PATH });
  const { violations } = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] }),
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

export interface WatchErrorsOptions {
  /** Console errors to leave out, such as the browser's own line for an expected 4xx answer. */
  ignore?: RegExp[];
}

/**
 * Collects the page's console errors and uncaught exceptions (React reports hydration failures
 * so) for the test to assert on at its end, usually `expect(errors).toEqual([])`.
 */
export function watchErrors(page: Page, options: WatchErrorsOptions = {}): string[] {
  const ignore = options.ignore ?? [];
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !ignore.some((re) => re.test(m.text()))) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
