import type { Page } from '@playwright/test';
import {
  test,
  expect,
  newAccount,
  registerViaApi,
  signInThroughUi,
  verifyEmailViaMail,
} from './fixtures';
import { axeViolations, expectNoSidewaysScroll } from './checks';
import { useStoredTheme } from './theme';

/**
 * Reminders (docs/product.md §11.5): the bell lists open tasks overdue, due today or tomorrow (from
 * the userTasks list) and pending room invitations (from the server), with the count in its
 * name; an invitation is accepted from the bell; an opted-in student gets one browser
 * notification per task falling due.
 */

test.setTimeout(120_000);

/** yyyy-mm-dd `days` from today in the browser's own calendar. */
const day = (page: Page, days: number) =>
  page.evaluate((n) => {
    const d = new Date();
    d.setDate(d.getDate() + n);
    const pad = (v: number) => String(v).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }, days);

/** Stores tasks in the userTasks format (docs/product.md §11.4), as the Tasks page writes them. */
async function storeTasks(
  page: Page,
  tasks: { title: string; due: number | null; done?: boolean }[],
) {
  const dated = await Promise.all(
    tasks.map(async (t, i) => ({
      id: `task-${i}`,
      title: t.title,
      due: t.due === null ? null : await day(page, t.due),
      priority: 'medium',
      status: t.done ? 'done' : 'open',
      completed: Boolean(t.done),
      createdAt: Date.now() - i,
    })),
  );
  // Once the signed-in bar's sync has made the key the account's copy (it shows its status then):
  // written earlier, the tasks would count as this device's guest data and be set aside.
  await expect(page.getByTestId('sync-indicator')).toBeVisible({ timeout: 30_000 });
  await page.evaluate((list) => localStorage.setItem('userTasks', JSON.stringify(list)), dated);
}

test('the bell lists overdue, today and tomorrow tasks with the count, and links to /tasks', async ({
  page,
  server,
}) => {
  const account = newAccount('bell');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible({
    timeout: 30_000,
  });

  await storeTasks(page, [
    { title: 'Submit the lab report', due: 0 },
    { title: 'Revise integrals', due: 1 },
    { title: 'Return library books', due: -3 },
    { title: 'Already handed in', due: 0, done: true },
    { title: 'Next month exam', due: 30 },
    { title: 'Someday', due: null },
  ]);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications, 3 new' });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('notifications-badge')).toHaveText('3');
  await bell.click();
  const tray = page.getByRole('region', { name: 'Notifications, 3 new' });
  const items = tray.getByRole('region', { name: 'Task reminders' }).getByRole('link');
  await expect(items).toHaveText([
    /Return library books\s*Overdue/,
    /Submit the lab report\s*Due today/,
    /Revise integrals\s*Due tomorrow/,
  ]);
  await items.filter({ hasText: 'Submit the lab report' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(tray).toBeHidden();

  // Completing a task (in any tab) takes it off the bell.
  await page.evaluate(() => {
    const list = JSON.parse(localStorage.getItem('userTasks')!) as {
      id: string;
      status: string;
      completed: boolean;
    }[];
    list[0]!.status = 'done';
    list[0]!.completed = true;
    localStorage.setItem('userTasks', JSON.stringify(list));
    window.dispatchEvent(new StorageEvent('storage', { key: 'userTasks' }));
  });
  await expect(page.getByRole('button', { name: 'Notifications, 2 new' })).toBeVisible();
});

test('a pending invitation shows in the bell and is accepted from there', async ({
  page,
  server,
}) => {
  const owner = newAccount('host');
  const invitee = newAccount('guest');
  const { token } = await registerViaApi(server.baseURL, owner);
  await registerViaApi(server.baseURL, invitee);
  const roomName = `Organic Chemistry ${Date.now().toString(36)}`;
  const api = (path: string, body: unknown) =>
    fetch(`${server.baseURL}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const { room } = (await (
    await api('/rooms', { name: roomName, subject: 'Chemistry' })
  ).json()) as {
    room: { id: string };
  };
  expect(
    (await api(`/rooms/${room.id}/invitations`, { email: invitee.email, role: 'member' })).status,
  ).toBe(201);

  // The bell offers invitations only to a verified address (docs/product.md §3.12).
  await verifyEmailViaMail(server, invitee.email);
  await signInThroughUi(page, invitee.email, invitee.password);
  const bell = page.getByRole('button', { name: 'Notifications, 1 new' });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  await bell.click();
  const invitations = page.getByRole('region', { name: 'Room invitations' });
  await expect(invitations).toContainText(`${owner.name} invited you to ${roomName} as member`);
  await invitations.getByRole('button', { name: `Accept invitation to ${roomName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/rooms/room/${room.id}`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: roomName })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
});

test('an opted-in student gets one browser notification per task falling due', async ({
  page,
  server,
}) => {
  // Records each notification the page creates (the real constructor still runs), since the
  // system's notification centre is outside the page.
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body ?? '' });
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true });
  });
  await page.context().grantPermissions(['notifications']);
  const account = newAccount('notify');
  await registerViaApi(server.baseURL, account);
  await signInThroughUi(page, account.email, account.password);
  await page.goto('/settings');
  await page.getByLabel(/Browser notifications for due tasks/).check({ timeout: 30_000 });

  await storeTasks(page, [
    { title: 'Hand in the essay', due: 0 },
    { title: 'Later task', due: 5 },
  ]);
  await page.goto('/dashboard');
  const shown = () =>
    page.evaluate(
      () =>
        (window as unknown as { shownNotifications: { title: string; body: string }[] })
          .shownNotifications,
    );
  await expect
    .poll(shown, { timeout: 30_000 })
    .toEqual([{ title: 'Task due today', body: 'Hand in the essay' }]);
  // Reloading (or another tab) does not notify the same task again.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications, 1 new' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await shown()).toEqual([]);
});

test.describe('accessibility and phone widths', () => {
  test.use({ bypassCSP: true });
  for (const theme of ['light', 'dark'] as const) {
    test(`the open bell in the ${theme} theme`, async ({ page, server }) => {
      await useStoredTheme(page, theme);
      const account = newAccount('a11y');
      await registerViaApi(server.baseURL, account);
      await signInThroughUi(page, account.email, account.password);
      await storeTasks(page, [
        { title: 'A very long task title '.repeat(8), due: 0 },
        { title: 'Overdue one', due: -1 },
      ]);
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Notifications, 2 new' }).click({ timeout: 30_000 });
      await expect(page.getByRole('region', { name: 'Task reminders' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      const tray = await page.getByRole('region', { name: 'Notifications, 2 new' }).boundingBox();
      expect(tray!.x).toBeGreaterThanOrEqual(0);
      expect(tray!.x + tray!.width).toBeLessThanOrEqual(320);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
