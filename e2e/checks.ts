import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * The controls a showing toast covers, named by their accessible text: `targets`, or every visible
 * control of the page itself (inside <main>; the bar above it is where a phone's toasts go). Toasts and controls are measured in one go in the page,
 * so a toast that goes meanwhile (3 s pass quickly on a loaded machine) and the layout that closes
 * up behind it cannot pair one frame's toast with another frame's controls. None showing: none.
 */
export async function controlsUnderToasts(page: Page, targets?: Locator[]): Promise<string[]> {
  const handles = targets
    ? await Promise.all(targets.map((t) => t.elementHandle()))
    : ([] as null[]);
  return page.evaluate(
    ({ given, all }) => {
      const region = document.querySelector('div[role="status"][aria-live="polite"]');
      const toasts = Array.from(region?.querySelectorAll('li') ?? [])
        .filter((li) => !li.hidden)
        .map((li) => li.getBoundingClientRect());
      const controls = all
        ? Array.from(
            document.querySelectorAll<HTMLElement>(
              [
                'a[href]',
                'button',
                'input',
                'select',
                'textarea',
                '[role="button"]',
                '[role="tab"]',
              ]
                .map((control) => `main ${control}`)
                .join(', '),
            ),
          )
        : (given.filter(Boolean) as HTMLElement[]);
      // The page's own bar (sticky, outside <main>) hides what scrolls under it: only what shows
      // below it, down to the window's bottom, can be covered by a toast.
      const bar = document.querySelector('header:not(main header)')?.getBoundingClientRect();
      const top = Math.max(0, bar?.bottom ?? 0);
      const shown = (r: DOMRect) =>
        r.width > 0 && r.height > 0 && r.bottom > top && r.top < window.innerHeight;
      const over = (a: DOMRect, b: DOMRect) =>
        a.left < b.right &&
        b.left < a.right &&
        Math.max(a.top, top) < b.bottom &&
        Math.max(b.top, top) < a.bottom;
      return controls
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return shown(box) && toasts.some((t) => over(t, box));
        })
        .map((el) => el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName);
    },
    { given: handles, all: !targets },
  );
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
