import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core in the page under test. It is injected as an inline script, which the app's CSP
 * rightly refuses: tests that call this use `test.use({ bypassCSP: true })`.
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
 * Every violation on the page as one readable line each; [] when there is none. It first waits
 * (up to 15 s) for the page's level-one heading: the bar and its menus can be ready while a lazy
 * page is still loading, and a page caught half-loaded has no heading yet. A page that never gets
 * one is then reported by axe itself.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'attached', timeout: 15_000 })
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
