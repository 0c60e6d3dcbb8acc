import { expect, type Page } from '@playwright/test';

/**
 * Checks the pages share: axe-core and console errors (from the test kit), sideways scrolling at
 * phone widths, and reading or seeding local storage as a returning user's browser would hold it.
 */

export { axeViolations, watchErrors } from '@studycircle/test-kit/browser';

/**
 * Fails when the page is wider than the viewport (something scrolls sideways). Polled for a
 * moment: right after a viewport change a frame or two may still be laid out for the old width
 * (CI once read 321 px at 320 px, settled a frame later); an overflow that stays still fails.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: 'page scrolls sideways (px wider than the viewport)', timeout: 2_000 },
    )
    .toBeLessThanOrEqual(0);
}

/** A local-storage value parsed as JSON (null when absent). */
export function storedJson<T = unknown>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((k) => {
    const raw = window.localStorage.getItem(k);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  }, key) as Promise<T | null>;
}

/** Puts values in local storage before any page script runs, on every page load. */
export async function seedStorage(page: Page, values: Record<string, unknown>): Promise<void> {
  await page.addInitScript((entries) => {
    // Only once per tab: a reload must see what the page itself saved since.
    if (window.sessionStorage.getItem('__seeded')) return;
    window.sessionStorage.setItem('__seeded', '1');
    for (const [key, value] of Object.entries(entries)) {
      window.localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }, values);
}

/** Signs in by storing the token and user as a login would, before the page loads. */
export async function seedSignedIn(
  page: Page,
  session: { token: string; user: { id: string; name: string; email: string } },
): Promise<void> {
  await page.addInitScript((s) => {
    if (window.localStorage.getItem('token')) return;
    window.localStorage.setItem('token', s.token);
    window.localStorage.setItem('user', JSON.stringify(s.user));
  }, session);
}

/**
 * Marks the study keys (tasks, notes, resources) as the signed-in account's offline copy, as a
 * returning student's browser holds them (docs/decisions/0023): data seeded there then shows as
 * the account's rather than as this device's guest data offered at sign-in. Only while a token is
 * stored, so a sign-out in the test is not undone by the next page load.
 */
export async function seedSyncedAccount(page: Page, accountId: string): Promise<void> {
  await page.addInitScript((id) => {
    if (window.localStorage.getItem('token')) window.localStorage.setItem('syncedAccount', id);
  }, accountId);
}
