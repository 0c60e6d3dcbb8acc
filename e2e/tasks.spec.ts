import { test, expect } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { axeViolations, expectNoSidewaysScroll, storedJson, watchErrors } from './checks';
import { useStoredTheme } from './theme';

/**
 * The Tasks page (docs/product.md §11) as a visitor uses it without signing in: add, tick off,
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

    // Deleted by keyboard: the Undo toast takes the keyboard, fits, and Enter brings it back
    // (docs/decisions/0064).
    const remove = page.getByRole('button', { name: /^Delete "Pneumono/ });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
    await expect(page.getByText('Task deleted.')).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    if (process.env.TASKS_SHOTS) await page.screenshot({ path: process.env.TASKS_SHOTS });
    await page.keyboard.press('Enter');
    await expect(remove).toBeFocused();
    await expect(page.getByRole('checkbox').first()).toBeChecked();
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

/** yyyy-mm-dd of the browser's own calendar day, `days` from today. */
function browserDay(page: Page, days: number): Promise<string> {
  return page.evaluate((d) => {
    const date = new Date();
    date.setDate(date.getDate() + d);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, days);
}

/** Seeds four tasks: one overdue, one due today, one later, one done (all by the browser's day). */
async function seedBoard(page: Page) {
  await page.goto('/tasks');
  const [yesterday, today, nextWeek] = await Promise.all([
    browserDay(page, -1),
    browserDay(page, 0),
    browserDay(page, 7),
  ]);
  const task = (id: string, title: string, extra: object) => ({
    id,
    title,
    due: null,
    priority: 'medium',
    status: 'open',
    completed: false,
    createdAt: 1_700_000_000_000 + Number(id) * 60_000,
    ...extra,
  });
  await page.evaluate(
    (tasks) => window.localStorage.setItem('userTasks', JSON.stringify(tasks)),
    [
      task('1', 'Submit lab report', { due: yesterday, priority: 'low' }),
      task('2', 'Quiz on chapter 2', { due: today, priority: 'high' }),
      task('3', 'Essay outline', { due: nextWeek }),
      task('4', 'Flashcards', { due: yesterday, status: 'done', completed: true }),
    ],
  );
  await page.reload();
  return { yesterday, today, nextWeek };
}

/** The titles of the task cards in `scope`, in order (a done task's hidden "(done)" left out). */
const cardTitles = async (scope: Locator) =>
  (await scope.getByRole('listitem').locator('p.font-medium').allInnerTexts()).map((t) =>
    t.replace(/\s*\(done\)$/, ''),
  );

test('the board puts a task in each column, and overdue is marked by word on the list', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await seedBoard(page);

  // The list marks the open overdue task with the word, not by colour alone.
  const list = page.getByRole('region', { name: 'Your tasks' });
  const late = list.getByRole('listitem').filter({ hasText: 'Submit lab report' });
  await expect(late.getByText('Overdue', { exact: true })).toBeVisible();
  const done = list.getByRole('listitem').filter({ hasText: 'Flashcards' });
  await expect(done.getByText('Overdue', { exact: true })).toHaveCount(0);
  const today = list.getByRole('listitem').filter({ hasText: 'Quiz on chapter 2' });
  await expect(today.getByText('Overdue', { exact: true })).toHaveCount(0);

  const views = page.getByRole('group', { name: 'Task view' });
  await views.getByRole('button', { name: 'Board' }).click();
  await expect(views.getByRole('button', { name: 'Board' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const column = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
  await expect.poll(() => cardTitles(column('Overdue'))).toEqual(['Submit lab report']);
  await expect.poll(() => cardTitles(column('Today'))).toEqual(['Quiz on chapter 2']);
  await expect.poll(() => cardTitles(column('Upcoming'))).toEqual(['Essay outline']);
  await expect.poll(() => cardTitles(column('Done'))).toEqual(['Flashcards']);

  // Ticking a task off moves it to Done; the dashboard's flag follows.
  await column('Today').getByRole('checkbox', { name: 'Mark "Quiz on chapter 2" as done' }).click();
  await expect.poll(() => cardTitles(column('Done'))).toEqual(['Quiz on chapter 2', 'Flashcards']);
  const stored = (await storedJson<StoredTask[]>(page, 'userTasks'))!;
  expect(stored[1]).toMatchObject({ status: 'done', completed: true });

  // The board is remembered.
  await page.reload();
  await expect(column('Overdue')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a task is edited in a dialog by keyboard, and focus returns to its Edit button', async ({
  page,
}) => {
  const { nextWeek } = await seedBoard(page);
  const edit = page.getByRole('button', { name: 'Edit "Submit lab report"' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit task' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await dialog.getByLabel('Title').fill('  Submit the final lab report  ');
  await dialog.getByLabel('Due date').fill(nextWeek);
  await dialog.getByLabel('Priority').selectOption('high');
  // Enter in the title field saves, as in any form.
  await dialog.getByLabel('Title').press('Enter');
  await expect(dialog).toBeHidden();

  const card = page.getByRole('listitem').filter({ hasText: 'Submit the final lab report' });
  await expect(card.getByText('High priority')).toBeVisible();
  await expect(card.getByText('Overdue', { exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: 'Edit "Submit the final lab report"' }),
  ).toBeFocused();
  const stored = (await storedJson<StoredTask[]>(page, 'userTasks'))!;
  expect(stored[0]).toMatchObject({
    id: '1',
    title: 'Submit the final lab report',
    due: nextWeek,
    priority: 'high',
    status: 'open',
  });

  // Escape cancels without a change, and focus goes back too.
  const again = page.getByRole('button', { name: 'Edit "Essay outline"' });
  await again.click();
  await page.getByRole('dialog', { name: 'Edit task' }).getByLabel('Title').fill('Changed');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(again).toBeFocused();
  await expect(page.getByText('Essay outline')).toBeVisible();
});

test('the list sorts by due date, priority and newest, and remembers the order', async ({
  page,
}) => {
  await seedBoard(page);
  const list = page.getByRole('region', { name: 'Your tasks' });
  await expect
    .poll(() => cardTitles(list))
    .toEqual(['Submit lab report', 'Quiz on chapter 2', 'Essay outline', 'Flashcards']);
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await sort.selectOption({ label: 'Due date' });
  await expect
    .poll(() => cardTitles(list))
    .toEqual(['Submit lab report', 'Flashcards', 'Quiz on chapter 2', 'Essay outline']);
  await sort.selectOption({ label: 'Priority' });
  await expect
    .poll(() => cardTitles(list))
    .toEqual(['Quiz on chapter 2', 'Essay outline', 'Flashcards', 'Submit lab report']);
  await sort.selectOption({ label: 'Newest first' });
  await expect
    .poll(() => cardTitles(list))
    .toEqual(['Flashcards', 'Essay outline', 'Quiz on chapter 2', 'Submit lab report']);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  await expect
    .poll(() => cardTitles(list))
    .toEqual(['Flashcards', 'Essay outline', 'Quiz on chapter 2', 'Submit lab report']);
});

test.describe('board accessibility', () => {
  test.use({ bypassCSP: true });
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [320, 1280]) {
      test(`list and board: axe 0 and no sideways scroll at ${width} px, ${theme} theme`, async ({
        page,
      }) => {
        await useStoredTheme(page, theme);
        await page.setViewportSize({ width, height: 800 });
        await seedBoard(page);
        await expect(page.getByText('Overdue', { exact: true })).toBeVisible();
        await expectNoSidewaysScroll(page);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Board' }).click();
        await expect(page.getByRole('region', { name: /^Overdue/ })).toBeVisible();
        await expectNoSidewaysScroll(page);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Edit "Essay outline"' }).click();
        await expect(page.getByRole('dialog', { name: 'Edit task' })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  }
});
