import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { REPO_ROOT } from '@studycircle/test-kit';
import { test, expect, newAccount, registerViaApi, startTestServer } from './fixtures';
import { seedSignedIn, storedJson, watchErrors } from './checks';

/**
 * The app opens with no network (docs/decisions/0060-service-worker.md): the
 * service worker keeps the built app, so a signed-in student reloads or opens it offline, finds
 * and edits their data, and the edit syncs when the network returns. A new version waits until the
 * student reloads into it. The only spec that lets the worker run (the config blocks it elsewhere).
 */

test.use({ serviceWorkers: 'allow' });
test.setTimeout(180_000);

const OFFLINE_NOISE = [/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/, /WebSocket/];

type Session = Awaited<ReturnType<typeof registerViaApi>>;

const indicator = (page: Page) => page.getByTestId('sync-indicator');
const syncStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Offline|Could not sync)/ });
const taskCard = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasText: title });
const updateOffer = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'A new version is available.' });

async function device(browser: Browser, baseURL: string, session: Session): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await seedSignedIn(page, session);
  return page;
}

/** Waits until the worker has installed (its precache complete) and controls the page. */
async function workerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

async function addTask(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Add' }).click();
}

test('installable: Chrome finds nothing missing (manifest, icons, a worker in charge)', async ({
  playwright,
  server,
}) => {
  // An incognito context (every other test's) is never offered an install, so this one keeps a
  // profile, as a phone's browser does.
  const profile = mkdtempSync(join(tmpdir(), 'sc-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    baseURL: server.baseURL,
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/tasks');
    await workerInCharge(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
    };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a reload with the network off opens the tasks page with its data, and an edit made there syncs later', async ({
  browser,
  server,
}) => {
  const account = newAccount('offline');
  const laptopSession = await registerViaApi(server.baseURL, account);
  const phoneRes = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const phoneSession = (await phoneRes.json()) as Session;
  const laptop = await device(browser, server.baseURL, laptopSession);
  const phone = await device(browser, server.baseURL, phoneSession);
  // Offline, the browser reports each request it could not send (the API, the live link).
  const errors = watchErrors(laptop, { ignore: OFFLINE_NOISE });

  await laptop.goto('/tasks');
  await addTask(laptop, 'Read chapter 4');
  await expect(syncStatus(laptop)).toHaveText('Saved', { timeout: 15_000 });
  await workerInCharge(laptop);

  // No network at all: the page, its chunks and the signed-in bar come from the worker, the data
  // from this browser's offline copy, and the session survives the failed check (§3.7).
  await laptop.context().setOffline(true);
  const reloaded = await laptop.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(taskCard(laptop, 'Read chapter 4')).toBeVisible();
  await expect(indicator(laptop)).toHaveAttribute('data-state', 'offline');
  await expect(laptop.getByRole('button', { name: /^Account menu for / })).toBeVisible();

  // Edited offline: ticked, and a new task.
  await taskCard(laptop, 'Read chapter 4').getByRole('checkbox').click();
  await expect(taskCard(laptop, 'Read chapter 4').getByRole('checkbox')).toBeChecked();
  await addTask(laptop, 'Plan the essay');
  await expect(syncStatus(laptop)).toHaveText(/^Offline \(2 changes kept on this device\)/);

  // Notes and resources open offline too, from the bar (their chunks are in the worker's cache).
  await laptop.getByRole('link', { name: 'Notes', exact: true }).click();
  await expect(laptop.getByRole('button', { name: 'New Text Note' })).toBeVisible();
  await laptop.getByRole('link', { name: 'Resources', exact: true }).click();
  await expect(laptop.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
  await laptop.getByRole('link', { name: 'Tasks', exact: true }).click();
  await expect(taskCard(laptop, 'Plan the essay')).toBeVisible();

  // Opened afresh with no network (a new tab, as from the home screen): the same.
  const fresh = await laptop.context().newPage();
  await fresh.goto('/tasks');
  await expect(taskCard(fresh, 'Plan the essay')).toBeVisible();
  await fresh.close();

  // The other device has heard nothing yet.
  await phone.goto('/tasks');
  await expect(syncStatus(phone)).toHaveText('Saved', { timeout: 15_000 });
  await expect(taskCard(phone, 'Plan the essay')).toHaveCount(0);

  // Back online: the queued edits go, and the other device shows both.
  await laptop.context().setOffline(false);
  await expect(syncStatus(laptop)).toHaveText('Saved', { timeout: 15_000 });
  await expect(taskCard(phone, 'Plan the essay')).toBeVisible({ timeout: 10_000 });
  await expect(taskCard(phone, 'Read chapter 4').getByRole('checkbox')).toBeChecked();
  expect((await storedJson<{ title: string }[]>(phone, 'userTasks'))?.length).toBe(2);
  expect(errors).toEqual([]);
  await laptop.context().close();
  await phone.context().close();
});

test('a new version waits for the student, then takes over whole', async ({ browser }) => {
  // A copy of the build, served by a server of its own, stands for the deployed app; changing it
  // and building its worker again is the next deploy.
  const dist = mkdtempSync(join(tmpdir(), 'sc-web-'));
  cpSync(join(REPO_ROOT, 'apps/web/dist'), dist, { recursive: true });
  const app = await startTestServer({ WEB_DIST: dist });
  try {
    const context = await browser.newContext({ baseURL: app.baseURL });
    const page = await context.newPage();
    const errors = watchErrors(page, { ignore: OFFLINE_NOISE });
    await page.goto('/tasks');
    await addTask(page, 'Version one task');
    await workerInCharge(page);
    // The shell's build mark; a read that meets the page reloading is tried again.
    const build = () =>
      page
        .evaluate(() => document.querySelector('meta[name="x-build"]')?.getAttribute('content'))
        .catch(() => 'reloading');
    expect(await build()).toBeUndefined();

    // The next version: a changed shell (its compressed copies would be the old one).
    const index = join(dist, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace('<title>', '<meta name="x-build" content="2"><title>'),
    );
    rmSync(`${index}.br`, { force: true });
    rmSync(`${index}.gz`, { force: true });
    execFileSync(process.execPath, [join(REPO_ROOT, 'apps/web/vite/service-worker.mjs'), dist], {
      cwd: join(REPO_ROOT, 'apps/web'),
    });

    // The page finds it (as it does every hour, and the browser on each navigation) and offers it.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect(updateOffer(page)).toBeVisible();

    // Until the student chooses, reloads and other pages keep the version the page started with.
    await page.reload();
    expect(await build()).toBeUndefined();
    await expect(taskCard(page, 'Version one task')).toBeVisible();
    await expect(updateOffer(page)).toBeVisible();

    // Reload: the new version takes over the whole page, shell and chunks alike.
    await updateOffer(page).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(build).toBe('2');
    await expect(taskCard(page, 'Version one task')).toBeVisible();
    await expect(updateOffer(page)).toHaveCount(0);
    // Offline, the new version is what opens.
    await context.setOffline(true);
    await page.goto('/resources');
    expect(await build()).toBe('2');
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await app.stop();
    rmSync(dist, { recursive: true, force: true });
  }
});
