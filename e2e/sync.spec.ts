import type { Browser, Page } from '@playwright/test';
import { test, expect, newAccount, registerViaApi, signInThroughUi } from './fixtures';
import {
  axeViolations,
  expectNoSidewaysScroll,
  seedSignedIn,
  storedJson,
  watchErrors,
} from './checks';
import { useStoredTheme } from './theme';

/**
 * Study data that follows the student (docs/product.md §15.4): tasks, notes and resources kept on
 * the server for a signed-in student, with this browser's keys as the offline copy. Two browser
 * contexts of one account stand for two devices.
 */

test.setTimeout(90_000);

type Session = Awaited<ReturnType<typeof registerViaApi>>;

/** A second device's session for the same account (its own sign-in). */
async function signInViaApi(
  baseURL: string,
  account: { email: string; password: string },
): Promise<Session> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()) as Session;
}

async function device(browser: Browser, baseURL: string, session: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await seedSignedIn(page, session);
  return page;
}

const indicator = (page: Page) => page.getByTestId('sync-indicator');
const syncStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Offline|Could not sync)/ });

async function expectSaved(page: Page) {
  await expect(indicator(page)).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
  await expect(syncStatus(page)).toHaveText('Saved');
}

async function addTask(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Add' }).click();
}

const taskCard = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasText: title });

test('a task added on one device shows on the other within 2 s; an undone delete keeps it everywhere, a kept one removes it', async ({
  browser,
  server,
}) => {
  const account = newAccount('twodev');
  const laptopSession = await registerViaApi(server.baseURL, account);
  const phoneSession = await signInViaApi(server.baseURL, account);
  const laptop = await device(browser, server.baseURL, laptopSession);
  const phone = await device(browser, server.baseURL, phoneSession);
  const errors = [watchErrors(laptop), watchErrors(phone)];
  await Promise.all([laptop.goto('/tasks'), phone.goto('/tasks')]);
  await Promise.all([expectSaved(laptop), expectSaved(phone)]);

  await addTask(laptop, 'Revise thermodynamics');
  await expect(taskCard(laptop, 'Revise thermodynamics')).toBeVisible();
  // Poke and pull: on the phone well within 2 s, without a reload.
  await expect(taskCard(phone, 'Revise thermodynamics')).toBeVisible({ timeout: 2_000 });
  await expectSaved(laptop);
  const stored = await storedJson<{ title: string }[]>(phone, 'userTasks');
  expect(stored?.map((t) => t.title)).toEqual(['Revise thermodynamics']);

  // Deleted on the phone, then Undo (docs/decisions/0064): back on the phone as it was, and the
  // laptop, reloaded, still has it: the delete never reached the server.
  const deleteOnPhone = () =>
    taskCard(phone, 'Revise thermodynamics')
      .getByRole('button', { name: /delete/i })
      .click();
  await deleteOnPhone();
  await expect(taskCard(phone, 'Revise thermodynamics')).toHaveCount(0);
  await expect(phone.getByRole('status').filter({ hasText: 'Task deleted.' })).toBeVisible();
  await phone.getByRole('button', { name: 'Undo' }).click();
  await expect(taskCard(phone, 'Revise thermodynamics')).toBeVisible();
  await expectSaved(phone);
  await laptop.reload();
  await expectSaved(laptop);
  await expect(taskCard(laptop, 'Revise thermodynamics')).toBeVisible();
  expect(await storedJson(laptop, 'userTasks')).toEqual(await storedJson(phone, 'userTasks'));

  // Deleted again, and the toast closed without Undo: gone from the laptop too, and it stays
  // gone after a reload there.
  await deleteOnPhone();
  await phone.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(taskCard(laptop, 'Revise thermodynamics')).toHaveCount(0, { timeout: 2_000 });
  await laptop.reload();
  await expectSaved(laptop);
  await expect(laptop.getByText('No tasks yet. Create your first task.')).toBeVisible();
  expect(errors.flat()).toEqual([]);
});

test('a note edited offline syncs when back, and survives a reload made while still offline', async ({
  browser,
  server,
}) => {
  const account = newAccount('offline');
  const laptopSession = await registerViaApi(server.baseURL, account);
  const phoneSession = await signInViaApi(server.baseURL, account);
  const laptop = await device(browser, server.baseURL, laptopSession);
  const phone = await device(browser, server.baseURL, phoneSession);
  await Promise.all([laptop.goto('/notes'), phone.goto('/notes')]);
  await Promise.all([expectSaved(laptop), expectSaved(phone)]);

  await laptop.getByRole('button', { name: 'New Text Note' }).click();
  await laptop.getByLabel('Title').fill('Lecture 7');
  await laptop.getByLabel('Note', { exact: true }).fill('First draft');
  await laptop.getByRole('button', { name: 'Save Note' }).click();
  await expect(phone.getByText('First draft')).toBeVisible({ timeout: 5_000 });

  // The laptop loses the network and edits the note.
  await laptop.context().setOffline(true);
  await expect(indicator(laptop)).toHaveAttribute('data-state', 'offline');
  await laptop.getByRole('button', { name: 'Edit Lecture 7' }).click();
  await laptop.getByLabel('Note', { exact: true }).fill('Edited on the train');
  await laptop.getByRole('button', { name: 'Save Changes' }).click();
  await expect(laptop.getByText('Edited on the train')).toBeVisible();
  await expect(syncStatus(laptop)).toHaveText(/^Offline \(1 change kept on this device\)/);

  // Reloaded while the server is still out of reach. The page itself needs the network to load
  // (there is no service worker), so from here the API and the live link fail instead: the app
  // shell loads, nothing reaches the server.
  await laptop.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await laptop.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  await laptop.context().setOffline(false);
  await laptop.reload();
  await expect(laptop.getByText('Edited on the train')).toBeVisible();
  await expect(indicator(laptop)).toHaveAttribute('data-state', 'offline');
  await expect(phone.getByText('First draft')).toBeVisible();

  // Back online: the queued edit goes, and the phone shows it.
  await laptop.unroute('**/api/**');
  await laptop.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(phone.getByText('Edited on the train')).toBeVisible({ timeout: 10_000 });
  await expectSaved(laptop);
});

test('edits made apart merge field by field; the same field changed on both keeps the later, with a way back', async ({
  browser,
  server,
}) => {
  const account = newAccount('merge');
  const laptopSession = await registerViaApi(server.baseURL, account);
  const phoneSession = await signInViaApi(server.baseURL, account);
  const laptop = await device(browser, server.baseURL, laptopSession);
  const phone = await device(browser, server.baseURL, phoneSession);
  await Promise.all([laptop.goto('/tasks'), phone.goto('/tasks')]);
  await Promise.all([expectSaved(laptop), expectSaved(phone)]);
  await addTask(laptop, 'Buy milk');
  await expect(taskCard(phone, 'Buy milk')).toBeVisible({ timeout: 5_000 });
  await Promise.all([expectSaved(laptop), expectSaved(phone)]);

  const rename = async (page: Page, from: string, to: string) => {
    await page.getByRole('button', { name: `Edit "${from}"` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit task' });
    await dialog.getByLabel('Title').fill(to);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
  };
  const goOffline = async (page: Page) => {
    await page.context().setOffline(true);
    await expect(indicator(page)).toHaveAttribute('data-state', 'offline');
  };
  const goOnline = async (page: Page) => {
    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  };
  const expectTicked = (page: Page, title: string) =>
    expect(taskCard(page, title).getByRole('checkbox')).toBeChecked({ timeout: 10_000 });

  // Apart: the laptop, offline, ticks the task; the phone renames it meanwhile.
  await goOffline(laptop);
  await taskCard(laptop, 'Buy milk').getByRole('checkbox').click();
  await expect(taskCard(laptop, 'Buy milk').getByRole('checkbox')).toBeChecked();
  await rename(phone, 'Buy milk', 'Buy bread');
  await expectSaved(phone);

  // Back online: both keep the new title and the tick, on both devices, and nobody is told of a
  // conflict (there was none).
  await goOnline(laptop);
  await expectTicked(laptop, 'Buy bread');
  await expectTicked(phone, 'Buy bread');
  await Promise.all([expectSaved(laptop), expectSaved(phone)]);
  await expect(taskCard(laptop, 'Buy milk')).toHaveCount(0);
  const notice = (page: Page) => page.getByRole('status').filter({ hasText: 'on another device' });
  await expect(notice(laptop)).toHaveCount(0);

  // The same field on both: the laptop renames first (offline), the phone later. The later edit
  // stays on both, and the laptop is told, with its own title offered back.
  await goOffline(laptop);
  await rename(laptop, 'Buy bread', 'Buy oats');
  await rename(phone, 'Buy bread', 'Buy rice');
  await expectSaved(phone);
  await goOnline(laptop);
  await expect(notice(laptop)).toHaveText(
    /“Buy rice”: the title was changed later on another device, so yours \(“Buy oats”\) was not kept\./,
    { timeout: 10_000 },
  );
  await expectTicked(laptop, 'Buy rice');
  await expectTicked(phone, 'Buy rice');

  // Use mine: the laptop's title goes back, here and on the phone, and the tick stays.
  await laptop.getByRole('button', { name: 'Use mine' }).click();
  await expectTicked(laptop, 'Buy oats');
  await expectTicked(phone, 'Buy oats');
  await Promise.all([expectSaved(laptop), expectSaved(phone)]);
  expect(await storedJson(laptop, 'userTasks')).toEqual(await storedJson(phone, 'userTasks'));
});

test('the guest’s tasks become the account’s when accepted; declined, they stay the device’s', async ({
  browser,
  page,
  server,
}) => {
  const account = newAccount('guest');
  await registerViaApi(server.baseURL, account);
  await page.goto('/tasks');
  await addTask(page, 'Guest flashcards');
  await signInThroughUi(page, account.email, account.password);

  const dialog = page.getByRole('dialog', { name: "Add this device's data to your account?" });
  await expect(dialog).toContainText('this device kept 1 task.');
  await dialog.getByRole('button', { name: 'Add to my account' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/tasks');
  await expect(taskCard(page, 'Guest flashcards')).toBeVisible();
  await expectSaved(page);

  // On another device of the account, once; accepting twice (another tab) doubles nothing.
  const other = await device(browser, server.baseURL, await signInViaApi(server.baseURL, account));
  await other.goto('/tasks');
  await expect(taskCard(other, 'Guest flashcards')).toHaveCount(1);

  // Signed out, the account's task leaves this browser; a new guest task is then declined by the
  // next student, and is the device's again after their sign-out.
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
  expect(await storedJson(page, 'userTasks')).toBeNull();
  await page.goto('/tasks');
  await expect(page.getByText('No tasks yet. Create your first task.')).toBeVisible();
  await addTask(page, 'Someone else’s reading list');

  const next = newAccount('next');
  await registerViaApi(server.baseURL, next);
  await signInThroughUi(page, next.email, next.password);
  await dialog.getByRole('button', { name: 'Keep on this device' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/tasks');
  await expectSaved(page);
  await expect(page.getByText('No tasks yet. Create your first task.')).toBeVisible();
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
  await page.goto('/tasks');
  await expect(taskCard(page, 'Someone else’s reading list')).toBeVisible();
});

test('the sync indicator: Saved, Saving…, Offline, Could not sync with the reason', async ({
  page,
  server,
}) => {
  const session = await registerViaApi(server.baseURL, newAccount('states'));
  await seedSignedIn(page, session);
  await page.goto('/tasks');
  await expectSaved(page);

  // Saving… while the server takes its time.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/sync/push', async (route) => {
    await held;
    await route.continue();
  });
  await addTask(page, 'Slow network');
  await expect(syncStatus(page)).toHaveText('Saving…');
  release();
  await expectSaved(page);
  await page.unroute('**/api/sync/push');

  await page.context().setOffline(true);
  await expect(syncStatus(page)).toHaveText('Offline');
  await page.context().setOffline(false);
  await expectSaved(page);

  // A change the server refuses: dropped, and the reason is one press away.
  await page.route('**/api/sync/push', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Bad Request',
        message: 'Title is too long',
        code: 'VALIDATION',
      }),
    }),
  );
  await addTask(page, 'Refused');
  await expect(syncStatus(page)).toHaveText('Could not sync. Title is too long');
  await indicator(page).getByRole('button', { name: 'Could not sync: why' }).click();
  await expect(page.getByRole('region', { name: 'Could not sync: why' })).toHaveText(
    'Title is too long',
  );
});

test('Sign Out sends queued work first, and asks before losing what cannot be sent', async ({
  page,
  server,
}) => {
  const session = await registerViaApi(server.baseURL, newAccount('leaving'));
  await seedSignedIn(page, session);
  await page.goto('/tasks');
  await expectSaved(page);
  await page.route('**/api/sync/**', (route) => route.abort('internetdisconnected'));
  await addTask(page, 'Unsent essay plan');
  await expect(indicator(page)).toHaveAttribute('data-state', 'offline');

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const ask = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(ask).toContainText('1 change to your tasks, notes or resources will be lost');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(taskCard(page, 'Unsent essay plan')).toBeVisible();

  // Back online, Sign Out sends it and asks nothing.
  await page.unroute('**/api/sync/**');
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
  const res = await fetch(`${server.baseURL}/api/sync/pull?since=0`, {
    headers: {
      authorization: `Bearer ${(await signInViaApi(server.baseURL, { email: session.user.email, password: 'Secret123' })).token}`,
    },
  });
  const pulled = (await res.json()) as { changes: { data: { title?: string } | null }[] };
  expect(pulled.changes.map((c) => c.data?.title)).toEqual(['Unsent essay plan']);
  expect(
    await page.evaluate(() => indexedDB.databases().then((dbs) => dbs.map((d) => d.name))),
  ).not.toContain(`studycircle-sync:${session.user.id}`);
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });

  for (const theme of ['light', 'dark'] as const) {
    test(`the indicator and the sync dialogs at 320 px, ${theme} theme`, async ({
      page,
      server,
    }) => {
      await useStoredTheme(page, theme);
      await page.setViewportSize({ width: 320, height: 720 });
      const account = newAccount(`a11y${theme}`);
      const session = await registerViaApi(server.baseURL, account);
      await page.goto('/tasks');
      await addTask(page, 'A guest task with a rather long title to wrap');
      await seedSignedIn(page, session);
      await page.goto('/tasks');
      const dialog = page.getByRole('dialog', { name: "Add this device's data to your account?" });
      await expect(dialog).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Add to my account' }).click();
      await expectSaved(page);
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);

      await page.route('**/api/sync/**', (route) => route.abort('internetdisconnected'));
      await addTask(page, 'Offline task');
      await expect(indicator(page)).toHaveAttribute('data-state', 'offline');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page.getByRole('dialog', { name: 'Sign out?' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
