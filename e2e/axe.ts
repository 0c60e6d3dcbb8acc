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

/** Every violation on the page as one readable line each; [] when there is none. */
export async function axeViolations(page: Page): Promise<string[]> {
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
