import { test, expect, watchForText } from './fixtures';
import { CallScreen, failOnConsoleErrors, roomWithMembers, signedInContext } from './pages/call';

/**
 * Two people in one call (issue 10): real video both ways, the header and grid rules, chat with
 * Enter and Shift+Enter, the hand and mute signals, a shared screen, leaving, and a server restart
 * that both sides survive without reloading.
 */

test.setTimeout(180_000);

test('two people see and hear each other, chat, raise a hand, mute, share a screen and leave', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 2);
  const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];
  const annContext = await signedInContext(browser, server.baseURL, ann);
  const bobContext = await signedInContext(browser, server.baseURL, bob);
  const annPage = await annContext.newPage();
  const bobPage = await bobContext.newPage();
  const annErrors = failOnConsoleErrors(annPage);
  const bobErrors = failOnConsoleErrors(bobPage);
  const a = new CallScreen(annPage);
  const b = new CallScreen(bobPage);

  await a.open(room.id);
  await expect(annPage.getByRole('heading', { name: room.name, level: 1 })).toBeVisible();
  await expect(annPage.getByText('Waiting for others...')).toBeVisible();
  await a.expectInCall(1);
  await expect(a.grid).toHaveAttribute('data-columns', '1');
  // Alone, the local tile sits in the grid.
  await expect(a.grid.getByTestId('local-tile')).toBeVisible();
  await expect(annPage.locator('time').first()).toHaveText(/^\d\d:\d\d:\d\d$/);
  // No navigation bar on a call route.
  await expect(annPage.getByRole('navigation')).toHaveCount(0);

  // Toasts last 3 s: watch for this one from before it can appear.
  const sawJoined = await watchForText(annPage, `${bob.name} joined`);
  await b.open(room.id);
  await a.expectVideoFrom(bob.name);
  await b.expectVideoFrom(ann.name);
  await a.expectInCall(2);
  await b.expectInCall(2);
  expect(await sawJoined()).toBe(true);
  // 2 participants: 2 columns, and the local tile floats outside the grid.
  await expect(a.grid).toHaveAttribute('data-columns', '2');
  expect(await a.gridColumnCount()).toBe(2);
  await expect(a.grid.getByTestId('local-tile')).toHaveCount(0);
  await expect(a.localTile).toBeVisible();
  await expect(annPage.getByText('Waiting for others...')).toHaveCount(0);

  // Chat: open by default at 1280 px; Enter sends, Shift+Enter adds a line.
  await expect(a.chat).toBeVisible();
  await expect(b.chat.getByText('No messages yet. Start the conversation!')).toBeVisible();
  await a.chatInput.fill('Hello Bob');
  await a.chatInput.press('Enter');
  await expect(a.chatInput).toHaveValue('');
  await expect(b.chat.getByText('Hello Bob')).toBeVisible();
  await a.chatInput.pressSequentially('line one');
  await a.chatInput.press('Shift+Enter');
  await a.chatInput.pressSequentially('line two');
  await expect(a.chatInput).toHaveValue('line one\nline two');
  // Typing an M or an H in the box is text, not a shortcut.
  await expect(a.control('Microphone')).toHaveAttribute('aria-pressed', 'true');
  await a.chatInput.press('Enter');
  await expect(b.chat.locator('p', { hasText: 'line one' })).toHaveText('line one\nline two');

  // H raises a hand, M mutes: Bob sees both on Ann's tile.
  await annPage.locator('body').click({ position: { x: 5, y: 200 } });
  await annPage.keyboard.press('h');
  await expect(a.toast('Hand raised')).toBeVisible();
  await expect(b.remoteTile(ann.name).getByText('Hand raised')).toBeVisible();
  await annPage.keyboard.press('m');
  await expect(a.toast('Mic off')).toBeVisible();
  await expect(a.control('Microphone')).toHaveAttribute('aria-pressed', 'false');
  await expect(b.remoteTile(ann.name)).toHaveAttribute('data-muted', 'true');
  await annPage.keyboard.press('h');
  await expect(a.toast('Hand lowered')).toBeVisible();
  await expect(b.remoteTile(ann.name).getByText('Hand raised')).toHaveCount(0);

  // S shares Ann's screen in place of her camera, on the same sender (replaceTrack: nothing is
  // renegotiated); Bob keeps receiving frames and sees the indicator. S again restores the camera.
  const cameraLabels = await a.sentVideoLabels();
  expect(cameraLabels).toHaveLength(1);
  expect(cameraLabels[0]).not.toMatch(/^screen/);
  const sdpBefore = await a.localDescriptions();
  await annPage.keyboard.press('s');
  await expect(a.localTile.getByText('You are sharing your screen')).toBeVisible();
  await expect(b.remoteTile(ann.name).getByText('Sharing screen')).toBeVisible();
  await expect.poll(() => a.sentVideoLabels()).toEqual([expect.stringMatching(/^screen/)]);
  await b.expectVideoFrom(ann.name);
  expect(await a.localDescriptions()).toEqual(sdpBefore);
  await annPage.keyboard.press('s');
  await expect(b.remoteTile(ann.name).getByText('Sharing screen')).toHaveCount(0);
  await expect.poll(() => a.sentVideoLabels()).toEqual(cameraLabels);
  await b.expectVideoFrom(ann.name);

  // L leaves: Ann lands on the rooms list with the toast; Bob is told and is alone again.
  // Both toasts last 3 s, which a loaded machine can outlast between two polls: watched from
  // inside the pages.
  const annSawLeaving = await watchForText(annPage, 'Left study session.');
  const bobSawLeft = await watchForText(bobPage, `${ann.name} left`);
  await annPage.keyboard.press('l');
  await expect(annPage).toHaveURL(/\/dashboard\/rooms$/);
  await expect.poll(annSawLeaving).toBe(true);
  await expect.poll(bobSawLeft).toBe(true);
  await b.expectInCall(1);
  await expect(bobPage.getByText('Waiting for others...')).toBeVisible();

  annErrors();
  bobErrors();
  await annContext.close();
  await bobContext.close();
});

test('the server restarts mid-call and both sides see each other again without reloading', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 2, 'restart');
  const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];
  const annContext = await signedInContext(browser, server.baseURL, ann);
  const bobContext = await signedInContext(browser, server.baseURL, bob);
  const annPage = await annContext.newPage();
  const bobPage = await bobContext.newPage();
  const a = new CallScreen(annPage);
  const b = new CallScreen(bobPage);
  await a.open(room.id);
  await a.expectInCall(1);
  await b.open(room.id);
  await a.expectVideoFrom(bob.name);
  await b.expectVideoFrom(ann.name);
  await a.chatInput.fill('before the restart');
  await a.chatInput.press('Enter');
  await expect(b.chat.getByText('before the restart')).toBeVisible();

  // A marker on each page's window: a reload would wipe it.
  for (const page of [annPage, bobPage])
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

  const sawDisconnected = await watchForText(annPage, 'Disconnected');
  await server.restart('SIGTERM');
  expect(await sawDisconnected()).toBe(true);

  // Within 15 s of the server being back, both see each other's video again.
  await a.expectVideoFrom(bob.name, 15_000);
  await b.expectVideoFrom(ann.name, 15_000);
  await a.expectInCall(2);
  await b.expectInCall(2);
  await expect(annPage.getByText('Disconnected', { exact: true })).toHaveCount(0);

  // Chat still flows both ways, the old message is still there, and no message doubled.
  await b.chatInput.fill('after the restart');
  await b.chatInput.press('Enter');
  await expect(a.chat.getByText('after the restart')).toBeVisible();
  await expect(b.chat.getByText('before the restart')).toHaveCount(1);
  for (const page of [annPage, bobPage])
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

  await annContext.close();
  await bobContext.close();
});
