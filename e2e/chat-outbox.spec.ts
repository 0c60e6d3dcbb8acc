import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { failOnConsoleErrors, roomWithMembers, signedInContext } from './pages/call';

/**
 * Chat that survives closing the tab (docs/decisions/0027): a message written while the
 * live link cannot reach the server is kept in the browser, shown as pending, and sent once when
 * the room is opened again; Sign Out with such a message asks first, then forgets it.
 */

test.setTimeout(120_000);

/** Keeps the page's live link from reaching the server: every websocket it opens is closed. */
async function cutLiveLink(page: Page) {
  await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
}

async function openRoomChat(page: Page, roomId: string) {
  await page.goto(`/rooms/room/${roomId}`);
  await page.getByRole('button', { name: 'Open Chat' }).click();
  const chat = page.getByRole('region', { name: 'Room chat' });
  await expect(chat).toBeVisible();
  return chat;
}

/** Writes a message and sends it with Enter. */
async function write(chat: ReturnType<Page['getByRole']>, text: string) {
  const box = chat.getByPlaceholder('Send a message');
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

async function storedOutbox(context: BrowserContext, baseURL: string) {
  const { origins } = await context.storageState();
  const local = origins.find((o) => o.origin === baseURL)?.localStorage ?? [];
  return local.filter((entry) => entry.name.startsWith('chatOutbox:'));
}

test('a message written offline is sent once when the room is opened again after the tab closed', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 2, 'outbox');
  const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];
  const annContext = await signedInContext(browser, server.baseURL, ann);
  const bobContext = await signedInContext(browser, server.baseURL, bob);
  const text = `written offline ${Date.now().toString(36)}`;

  // Ann's page cannot reach the server over the live link: the message stays pending.
  const offline = await annContext.newPage();
  await cutLiveLink(offline);
  const annChat = await openRoomChat(offline, room.id);
  await write(annChat, text);
  await expect(annChat.getByText('· Sending…')).toBeVisible();
  // Still not sent after the first acknowledgement timeout would have passed.
  await offline.waitForTimeout(1000);
  await expect(annChat.getByText('· Sending…')).toBeVisible();
  expect(await storedOutbox(annContext, server.baseURL)).toHaveLength(1);
  // The tab closes with the message unsent.
  await offline.close();

  const bobPage = await bobContext.newPage();
  const bobErrors = failOnConsoleErrors(bobPage);
  const bobChat = await openRoomChat(bobPage, room.id);
  await expect(bobChat.getByText(text)).toHaveCount(0);

  // Ann opens the room again, online: the message shows, then is sent with its client id.
  const again = await annContext.newPage();
  const annErrors = failOnConsoleErrors(again);
  const chatAgain = await openRoomChat(again, room.id);
  await expect(chatAgain.getByText(text)).toBeVisible();
  await expect(bobChat.getByText(text)).toHaveCount(1, { timeout: 15_000 });
  await expect(chatAgain.getByText('· Sending…')).toHaveCount(0);
  await expect.poll(() => storedOutbox(annContext, server.baseURL)).toEqual([]);

  // Once, for Bob after a reload too (the stored history), and nothing is sent again later.
  await bobPage.reload();
  await bobPage.getByRole('button', { name: 'Open Chat' }).click();
  await expect(bobPage.getByRole('region', { name: 'Room chat' }).getByText(text)).toHaveCount(1);
  const history = await fetch(`${server.baseURL}/api/rooms/${room.id}/messages`, {
    headers: { authorization: `Bearer ${bob.token}` },
  }).then((r) => r.json() as Promise<{ messages: { text: string }[] }>);
  expect(history.messages.filter((m) => m.text === text)).toHaveLength(1);

  annErrors();
  bobErrors();
  await annContext.close();
  await bobContext.close();
});

test('Sign Out with an unsent chat message asks first, and forgets it when told to go on', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 1, 'outbox-signout');
  const ann = users[0]!;
  const context = await signedInContext(browser, server.baseURL, ann);
  const page = await context.newPage();
  await cutLiveLink(page);
  const chat = await openRoomChat(page, room.id);
  await write(chat, 'not sent yet');
  await expect(chat.getByText('· Sending…')).toBeVisible();

  const signOut = async () => {
    await page.getByRole('button', { name: `Account menu for ${ann.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    return page.getByRole('dialog', { name: 'Sign out?' });
  };

  // Cancel keeps everything: still signed in, the message still pending and kept.
  let question = await signOut();
  await expect(question.getByRole('listitem')).toHaveText('1 unsent chat message will be lost');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/rooms/room/${room.id}$`));
  await expect(chat.getByText('not sent yet')).toBeVisible();
  expect(await storedOutbox(context, server.baseURL)).toHaveLength(1);

  question = await signOut();
  await question.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedOutbox(context, server.baseURL)).toEqual([]);
  await context.close();
});
