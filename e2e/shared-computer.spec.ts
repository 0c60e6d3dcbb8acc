import type { Page } from '@playwright/test';
import { test, expect, newAccount, registerViaApi, signInThroughUi } from './fixtures';
import { StudyRoomsScreen } from './pages/rooms';

/**
 * A campus computer shared by students (docs/decisions/0010): sign-out leaves nothing of the
 * account for the next person, search reaches every room, and the online indicator says what is
 * true.
 */

test.setTimeout(120_000);

interface CreatedRoom {
  id: string;
  name: string;
  code: string;
}

async function createRoomViaApi(
  baseURL: string,
  token: string,
  room: { name: string; subject: string; isPrivate: boolean },
): Promise<CreatedRoom> {
  const res = await fetch(`${baseURL}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(room),
  });
  if (res.status !== 201) throw new Error(`create room failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { room: CreatedRoom }).room;
}

/**
 * From the first moment of every document this page loads, records whether any of `secrets` is
 * ever in the page's text (hidden text included). A MutationObserver sees a list that is on screen
 * for a single frame, which polling from the test could miss.
 */
async function watchForSecrets(page: Page, secrets: string[]) {
  const install = (wanted: string[]) => {
    const w = window as unknown as { __secretsSeen?: string[] };
    w.__secretsSeen ??= [];
    const check = () => {
      const text = document.documentElement?.textContent ?? '';
      for (const secret of wanted) {
        if (text.includes(secret) && !w.__secretsSeen!.includes(secret)) {
          w.__secretsSeen!.push(secret);
        }
      }
    };
    check();
    new MutationObserver(check).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  };
  await page.addInitScript(install, secrets);
  await page.evaluate(install, secrets);
  return () =>
    page.evaluate(() => (window as unknown as { __secretsSeen?: string[] }).__secretsSeen ?? []);
}

test('after Sign Out, the next student on the same browser never sees the previous account', async ({
  page,
  server,
}) => {
  const first = newAccount('first');
  const next = newAccount('next');
  const [{ token: firstToken }, { token: nextToken }] = await Promise.all([
    registerViaApi(server.baseURL, first),
    registerViaApi(server.baseURL, next),
  ]);
  const secretRoom = await createRoomViaApi(server.baseURL, firstToken, {
    name: `Private Thesis Group ${Date.now().toString(36)}`,
    subject: 'Sociology',
    isPrivate: true,
  });
  const nextRoom = await createRoomViaApi(server.baseURL, nextToken, {
    name: `Next Study Hall ${Date.now().toString(36)}`,
    subject: 'History',
    isPrivate: true,
  });

  // The first student uses the rooms page, so the list and its private code are cached.
  await signInThroughUi(page, first.email, first.password);
  const rooms = new StudyRoomsScreen(page);
  await rooms.open();
  await expect(rooms.card(secretRoom.name)).toBeVisible();
  await expect(rooms.card(secretRoom.name).getByText(secretRoom.code)).toBeVisible();

  // And keeps a task and a note, which the browser holds as the account's offline copy.
  const secretTask = `Book the clinic ${Date.now().toString(36)}`;
  const secretNote = `Diary entry ${Date.now().toString(36)}`;
  await page.goto('/tasks');
  await page.getByRole('textbox', { name: 'Title' }).fill(secretTask);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.goto('/notes');
  await page.getByRole('button', { name: 'New Text Note' }).click();
  await page.getByLabel('Title').fill(secretNote);
  await page.getByLabel('Note', { exact: true }).fill('Private thoughts');
  await page.getByRole('button', { name: 'Save Note' }).click();
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-state', 'saved');

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('**/login');
  // The next person starts at the sign-in screen, not at the page the first one left.
  const stored = await page.evaluate(() => ({
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
  }));
  expect(stored.local).not.toContain('userRooms');
  expect(stored.local).not.toContain('publicRooms');
  expect(stored.local).not.toContain('token');
  expect(stored.local).not.toContain('user');
  // The study data too: its keys and the account's IndexedDB database (docs/decisions/0023).
  for (const key of ['userTasks', 'userNotesText', 'userNotes', 'syncedAccount']) {
    expect(stored.local).not.toContain(key);
  }
  const databases = await page.evaluate(() =>
    indexedDB.databases().then((list) => list.map((db) => db.name ?? '')),
  );
  expect(databases.filter((name) => name.startsWith('studycircle-sync:'))).toEqual([]);
  expect(stored.session).not.toContain('postLoginRedirect');
  // What Sign Out keeps for the first student's return (docs/product.md §3.8).
  expect(stored.local).toEqual(expect.arrayContaining(['lastLoginEmail', 'userBackup']));

  const seen = await watchForSecrets(page, [
    secretRoom.name,
    secretRoom.code,
    first.name,
    secretTask,
    secretNote,
  ]);
  await signInThroughUi(page, next.email, next.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rooms' }).click();
  await expect(rooms.card(nextRoom.name)).toBeVisible();
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByRole('menu').getByText(next.email)).toBeVisible();
  await page.keyboard.press('Escape');
  // A full reload paints from whatever is cached: still nothing of the first account.
  await page.reload();
  await expect(rooms.card(nextRoom.name)).toBeVisible();
  await page.goto('/tasks');
  await expect(page.getByText('No tasks yet. Create your first task.')).toBeVisible();
  await page.goto('/notes');
  await expect(page.getByText('No text notes yet.')).toBeVisible();
  expect(await seen()).toEqual([]);
});

test('search finds a public room that is not on the first page', async ({ page, server }) => {
  const host = newAccount('host');
  const student = newAccount('student');
  const [{ token }, { token: studentToken }] = await Promise.all([
    registerViaApi(server.baseURL, host),
    registerViaApi(server.baseURL, student),
  ]);
  const stamp = Date.now().toString(36);
  // Created first, so the newest-first list puts it after the hundred below: page two.
  const needle = await createRoomViaApi(server.baseURL, token, {
    name: `Needle Topology ${stamp}`,
    subject: 'Mathematics',
    isPrivate: false,
  });
  // The student's own rooms: browsing shows a stranger only each owner's newest few public
  // rooms, while the student's own list shows every one of theirs.
  for (let batch = 0; batch < 10; batch += 1) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createRoomViaApi(server.baseURL, studentToken, {
          name: `Haystack ${batch * 10 + i} ${stamp}`,
          subject: 'General',
          isPrivate: false,
        }),
      ),
    );
  }

  await signInThroughUi(page, student.email, student.password);
  const rooms = new StudyRoomsScreen(page);
  await rooms.open();
  await expect(rooms.card(`Haystack 99 ${stamp}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more rooms' })).toBeVisible();
  await expect(rooms.card(needle.name)).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search rooms' }).fill('needle topology');
  await expect(rooms.card(needle.name)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);

  // The status filter is the server's too: the room is active, not on a break.
  await page.getByLabel('Status').selectOption('break');
  await expect(page.getByText('No rooms match your search')).toBeVisible();
  await page.getByLabel('Status').selectOption('active');
  await expect(rooms.card(needle.name)).toBeVisible();
});

test('the online indicator goes Offline with the network and back Online', async ({
  page,
  context,
  server,
}) => {
  const account = newAccount('wifi');
  await registerViaApi(server.baseURL, account);
  // How each health probe ended. One whose answer goes unread stays open until its time-out
  // aborts it, holding a connection and keeping the page from ever being idle.
  const probes: string[] = [];
  const isProbe = (url: string) => new URL(url).pathname === '/api/health';
  page.on('requestfinished', (r) => isProbe(r.url()) && probes.push('finished'));
  page.on(
    'requestfailed',
    (r) => isProbe(r.url()) && probes.push(r.failure()?.errorText ?? 'failed'),
  );
  await signInThroughUi(page, account.email, account.password);
  await page.getByRole('button', { name: /account menu/i }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Online', { exact: true })).toBeVisible();
  await expect.poll(() => probes[0]).toBe('finished');

  await context.setOffline(true);
  await expect(menu.getByText('Offline', { exact: true })).toBeVisible();
  await expect(menu.getByText('Online', { exact: true })).toHaveCount(0);

  await context.setOffline(false);
  await expect(menu.getByText('Online', { exact: true })).toBeVisible();
});
