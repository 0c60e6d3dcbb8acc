import { test, expect } from './fixtures';
import type { Locator } from '@playwright/test';
import { axeViolations, expectNoSidewaysScroll, storedJson, watchErrors } from './checks';
import { useStoredTheme } from './theme';

/**
 * The Tasks page (issue 11 item 1) as a visitor uses it without signing in: add, tick off,
 * reopen and delete tasks, with what lands under userTasks checked at each step.
 */

interface StoredTask {
  id: string;
  title: string;
  due: string | null;
  priority: string;
  status: string;
  createdAt: number;
  completed?: boolean;
}

test('plan, complete, reopen and delete tasks without signing in', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await expect(page.getByText('Plan, track, and complete your study tasks.')).toBeVisible();
  await expect(page.getByText('No tasks yet. Create your first task.')).toBeVisible();
  // The signed-in bar shows even though no one is signed in (docs/product.md §2.4).
  await expect(page.getByRole('link', { name: 'Resources' })).toBeVisible();

  // A whitespace-only title is silently ignored.
  await page.getByLabel('Title').fill('   ');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('No tasks yet. Create your first task.')).toBeVisible();
  expect(await storedJson(page, 'userTasks')).toBeNull();

  await page.getByLabel('Title').fill('  Revise integration by parts  ');
  await page.getByLabel('Due date').fill('2030-05-14');
  await page.getByLabel('Priority').selectOption('high');
  await page.getByRole('button', { name: 'Add' }).click();
  // The form resets after a successful add.
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Due date')).toHaveValue('');
  await expect(page.getByLabel('Priority')).toHaveValue('medium');

  await page.getByLabel('Title').fill('Read chapter 4');
  await page.getByRole('button', { name: 'Add' }).click();

  const cards = page.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
  await expect(cards).toHaveCount(2);
  const first = cards.filter({ hasText: 'Revise integration by parts' });
  await expect(first.getByText('High priority')).toBeVisible();
  await expect(first.getByText('Due May 14, 2030')).toBeVisible();
  await expect(first.getByText(/^Created \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
  const second = cards.filter({ hasText: 'Read chapter 4' });
  await expect(second.getByText('Medium priority')).toBeVisible();
  await expect(second.getByText(/^Due /)).toHaveCount(0);

  let stored = (await storedJson<StoredTask[]>(page, 'userTasks'))!;
  expect(stored).toHaveLength(2);
  expect(stored[0]).toMatchObject({
    title: 'Revise integration by parts',
    due: '2030-05-14',
    priority: 'high',
    status: 'open',
  });
  expect(stored[1]).toMatchObject({ title: 'Read chapter 4', due: null, priority: 'medium' });
  expect(stored[0]!.id).not.toBe(stored[1]!.id);
  expect(Date.now() - stored[0]!.createdAt).toBeLessThan(5 * 60_000);

  // Tick off: struck through, with a tick, stored as done.
  const toggle = first.getByRole('checkbox', {
    name: 'Mark "Revise integration by parts" as done',
  });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(first.getByText('Revise integration by parts')).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  stored = (await storedJson<StoredTask[]>(page, 'userTasks'))!;
  expect(stored[0]).toMatchObject({ status: 'done', completed: true });

  // It survives a reload, and reopens.
  await page.reload();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  stored = (await storedJson<StoredTask[]>(page, 'userTasks'))!;
  expect(stored[0]).toMatchObject({ status: 'open', completed: false });

  await first.getByRole('button', { name: 'Delete "Revise integration by parts"' }).click();
  await second.getByRole('button', { name: 'Delete "Read chapter 4"' }).click();
  await expect(page.getByText('No tasks yet. Create your first task.')).toBeVisible();
  expect(await storedJson(page, 'userTasks')).toEqual([]);
  expect(page.url()).toMatch(/\/tasks$/);
  expect(errors).toEqual([]);
});

/** The badge's most saturated colour (fill or text) as a hue name: what a person sees it as. */
async function badgeHue(badge: Locator): Promise<string> {
  return badge.evaluate((el) => {
    const style = getComputedStyle(el);
    const probe = document.createElement('canvas').getContext('2d')!;
    const rgbOf = (colour: string) => {
      // Canvas converts any CSS colour (oklch included) to sRGB.
      probe.fillStyle = colour;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!].map((v) => v / 255);
    };
    const hsl = (colour: string) => {
      const [r, g, b] = rgbOf(colour) as [number, number, number];
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const d = max - min;
      const l = (max + min) / 2;
      const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
      let h = 0;
      if (d !== 0) {
        if (max === r) h = 60 * (((g - b) / d + 6) % 6);
        else if (max === g) h = 60 * ((b - r) / d + 2);
        else h = 60 * ((r - g) / d + 4);
      }
      return { h, s, l };
    };
    // Whichever of fill and text is more saturated and visible carries the colour.
    const [fill, text] = [hsl(style.backgroundColor), hsl(style.color)];
    const carrier =
      fill.s * (1 - Math.abs(2 * fill.l - 1)) >= text.s * (1 - Math.abs(2 * text.l - 1))
        ? fill
        : text;
    const { h, l } = carrier;
    if (h < 15 || h >= 345) return 'red';
    // Brown is dark orange-yellow: amber-800 text reads brown, not yellow.
    if (h < 70 && l < 0.45) return 'brown';
    if (h < 45) return 'orange';
    if (h < 70) return 'yellow';
    if (h < 170) return 'green';
    return 'other';
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`priority badges read red, yellow and green in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.goto('/tasks');
    for (const priority of ['high', 'medium', 'low']) {
      await page.getByLabel('Title').fill(`A ${priority} task`);
      await page.getByLabel('Priority').selectOption(priority);
      await page.getByRole('button', { name: 'Add' }).click();
    }
    await expect(badgeHue(page.getByText('High priority'))).resolves.toBe('red');
    await expect(badgeHue(page.getByText('Medium priority'))).resolves.toBe('yellow');
    await expect(badgeHue(page.getByText('Low priority'))).resolves.toBe('green');
  });
}

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the app's CSP rightly refuses.
  test.use({ bypassCSP: true });

  test('tasks page: accessible and no sideways scrolling at 320 px with long titles', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/tasks');
    await expect(page.getByText('No tasks yet. Create your first task.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByLabel('Title')
      .fill(`Pneumonoultramicroscopicsilicovolcanoconiosis${'x'.repeat(80)}`);
    await page.getByLabel('Due date').fill('2030-01-01');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('checkbox').first().click();
    await expect(page.getByRole('checkbox').first()).toBeChecked();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  // Every priority's badge, open and done (dimmed), keeps its contrast in both themes.
  for (const theme of ['light', 'dark'] as const) {
    test(`priority badges keep their contrast in the ${theme} theme`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await page.goto('/tasks');
      for (const priority of ['high', 'medium', 'low', 'high', 'medium', 'low']) {
        await page.getByLabel('Title').fill(`A ${priority} task`);
        await page.getByLabel('Priority').selectOption(priority);
        await page.getByRole('button', { name: 'Add' }).click();
      }
      const boxes = page.getByRole('checkbox');
      await expect(boxes).toHaveCount(6);
      for (const i of [0, 1, 2]) await boxes.nth(i).click();
      await expect(boxes.nth(2)).toBeChecked();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
