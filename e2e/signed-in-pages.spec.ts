import type { Page } from '@playwright/test';
import { axeViolations, expectNoSidewaysScroll, watchErrors } from './checks';
import { test, expect } from './fixtures';
import { roomWithMembers, signedInContext } from './pages/call';
import { isDark, useStoredTheme } from './theme';

/**
 * Every signed-in page in both themes: axe finds nothing, the theme is applied, and
 * the content takes its width from the one page scale (1280, 1024 or 768 px at most, centred
 * under the navigation bar) without scrolling sideways at 320 px. The call has its own checks in
 * call-two.spec.ts (chat open, both themes).
 */

test.setTimeout(240_000);
// axe is injected as an inline script, which the app's CSP rightly refuses.
test.use({ bypassCSP: true });

/** The page scale's measures (ui/page-width.ts): wide, medium and narrow. */
const SCALE = { wide: 1280, medium: 1024, narrow: 768 } as const;

/** The width of the box that holds the page's heading: the page's outer box. */
function pageBoxWidth(page: Page): Promise<number> {
  return page
    .getByRole('heading', { level: 1 })
    .first()
    .evaluate((heading) => {
      // The outermost ancestor inside <main> (or the body) that centres itself with a max width.
      let box: HTMLElement | null = null;
      for (let el = heading.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.maxWidth !== 'none' && style.marginLeft === style.marginRight) box = el;
      }
      return box ? parseFloat(getComputedStyle(box).maxWidth) : Number.NaN;
    });
}

for (const theme of ['light', 'dark'] as const) {
  test(`every signed-in page: axe 0, the ${theme} theme, one width scale, 320 px`, async ({
    browser,
    server,
  }) => {
    const { room, users } = await roomWithMembers(server.baseURL, 2, 'pages');
    const context = await signedInContext(browser, server.baseURL, users[0]!, {
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await useStoredTheme(page, theme);
    const errors = watchErrors(page, {
      ignore: [/Failed to load resource: the server responded with a status of 4\d\d/],
    });

    const pages: { path: string; heading: string | RegExp; width: keyof typeof SCALE }[] = [
      { path: '/dashboard', heading: /Good/, width: 'wide' },
      { path: '/dashboard/rooms', heading: 'Study Rooms', width: 'wide' },
      { path: `/rooms/room/${room.id}`, heading: room.name, width: 'medium' },
      { path: '/dashboard/notes', heading: 'Notes', width: 'wide' },
      { path: '/resources', heading: 'Resources', width: 'wide' },
      { path: '/tasks', heading: 'Tasks', width: 'narrow' },
      { path: '/dashboard/profile', heading: 'My Profile', width: 'medium' },
      { path: '/settings', heading: 'Settings', width: 'narrow' },
    ];
    for (const { path, heading, width } of pages) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await isDark(page), path).toBe(theme === 'dark');
      expect(await axeViolations(page), path).toEqual([]);
      expect(await pageBoxWidth(page), `${path} width`).toBe(SCALE[width]);
      await page.setViewportSize({ width: 320, height: 800 });
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page), `${path} at 320 px`).toEqual([]);
    }

    // The board view of /tasks needs four columns: it takes the wide measure.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/tasks');
    await page.getByLabel('Title').fill('Essay outline');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Board' }).click();
    await expect(page.getByRole('region', { name: /^Overdue/ })).toBeVisible();
    expect(await pageBoxWidth(page)).toBe(SCALE.wide);
    expect(await axeViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });
}
