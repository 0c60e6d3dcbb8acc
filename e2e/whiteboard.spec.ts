import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { WHITEBOARD_MESSAGES } from '@studycircle/shared/whiteboard';
import { test, expect, watchCspViolations } from './fixtures';
import { axeViolations, expectNoSidewaysScroll, watchErrors } from './checks';
import { roomWithMembers, signedInContext, type CallUser } from './pages/call';
import { useStoredTheme } from './theme';

/**
 * The room whiteboard (docs/product.md §5.17) as students use it: three people drawing at once end
 * with the same board and nothing lost, which a reload and a server restart keep; a whole session
 * under the production CSP asks nothing of any other origin (Excalidraw's fonts included,
 * excalidraw/excalidraw#11639) and breaks no rule of it; a shape drawn offline makes closing the
 * board or the tab ask first, and is sent once the link is back; the call opens it as a room tool; the
 * new screens pass axe in both themes and fit a 320 px phone.
 */

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Whiteboard' });
const status = (page: Page) => page.getByTestId('whiteboard-status');
const shapes = (page: Page) => page.getByTestId('whiteboard-shapes');

async function openBoard(page: Page, roomId: string): Promise<Locator> {
  await page.goto(`/rooms/room/${roomId}`);
  await page.getByRole('button', { name: 'Open whiteboard' }).click();
  const board = dialog(page);
  // Focus goes to the heading, then on to the drawing area once it is ready, so its tool keys
  // work at once. Excalidraw's chunk is large and three browsers share two cores.
  await expect(board.getByRole('application', { name: 'Drawing area' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(status(page)).toHaveText('Saved', { timeout: 30_000 });
  return board;
}

/** The drawing surface Excalidraw listens on (the top one of its two canvases). */
async function canvasBox(page: Page) {
  const canvas = page.locator('canvas.excalidraw__canvas.interactive');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  return box;
}

/**
 * Draws a rectangle with Excalidraw's keyboard shortcut and a drag, at (x, y) of the canvas (clear
 * of its tool panels: the shape's options open on the left, the tools along the top).
 */
async function drawRectangle(page: Page, x: number, y: number, { click = true } = {}) {
  const box = await canvasBox(page);
  // Focus the board on an empty spot first, so the shortcut reaches Excalidraw.
  if (click) await page.mouse.click(box.x + box.width - 40, box.y + box.height / 2);
  await page.keyboard.press('r');
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  await page.mouse.move(box.x + x + 60, box.y + y + 40, { steps: 6 });
  await page.mouse.up();
}

async function exportFile(page: Page, kind: 'PNG' | 'SVG'): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await dialog(page)
    .getByRole('button', { name: `Export ${kind}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`whiteboard\\.${kind.toLowerCase()}$`));
  return readFile(await download.path());
}

async function userPage(browser: Browser, baseURL: string, user: CallUser, extra = {}) {
  const context = await browser.newContext({ baseURL, ...extra });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, user.token);
  return { context, page: await context.newPage() };
}

test('three people drawing at once end with the same board; a reload and a restart keep it', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const { room, users } = await roomWithMembers(server.baseURL, 3, 'artist');
  const sessions = await Promise.all(users.map((u) => userPage(browser, server.baseURL, u)));
  const pages = sessions.map((s) => s.page);
  // While the server restarts, the browser logs each refused reconnection attempt, and any
  // request the page makes in that moment (a room refresh on reconnecting, say) as refused.
  const errors = pages.map((p) => watchErrors(p, { ignore: [/ERR_CONNECTION_REFUSED/] }));
  for (const page of pages) await openBoard(page, room.id);

  // Everyone draws four rectangles at the same time, each in a row of their own.
  await Promise.all(
    pages.map(async (page, i) => {
      for (let n = 0; n < 4; n += 1) await drawRectangle(page, 280 + n * 100, 160 + i * 90);
    }),
  );
  for (const page of pages) {
    await expect(shapes(page)).toHaveText(/^12 shapes/, { timeout: 20_000 });
    await expect(status(page)).toHaveText('Saved');
  }
  // The same board on every screen: the exported drawings are byte for byte the same (shapes
  // drawn at once may first share a z-order index; the browsers renumber them, and those changes
  // converge by the same rule a moment later).
  let svgs: Buffer[] = [];
  await expect
    .poll(
      async () => {
        svgs = await Promise.all(pages.map((p) => exportFile(p, 'SVG')));
        return svgs.every((svg) => svg.equals(svgs[0]!));
      },
      { timeout: 20_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  expect((svgs[0]!.toString().match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(12);

  // A reload reads the same board back from the server.
  await pages[0]!.reload();
  await openBoard(pages[0]!, room.id);
  await expect(shapes(pages[0]!)).toHaveText(/^12 shapes/);
  expect((await exportFile(pages[0]!, 'SVG')).equals(svgs[0]!)).toBe(true);

  // So does a restarted server: the open boards reconnect, and drawing goes on.
  await server.restart();
  await expect(status(pages[1]!)).toHaveText('Saved', { timeout: 30_000 });
  await drawRectangle(pages[1]!, 500, 420);
  for (const page of pages) {
    await expect(shapes(page)).toHaveText(/^13 shapes/, { timeout: 30_000 });
  }
  const late = await userPage(browser, server.baseURL, users[2]!);
  await openBoard(late.page, room.id);
  await expect(shapes(late.page)).toHaveText(/^13 shapes/);

  // The keyboard stays in the board: Tab past either end comes back in at the other.
  const board = dialog(pages[0]!);
  await board.getByRole('heading').first().focus();
  const inBoard = () =>
    pages[0]!.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
  for (let i = 0; i < 3; i++) {
    await pages[0]!.keyboard.press('Shift+Tab');
    expect(await inBoard(), `Shift+Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 6; i++) {
    await pages[0]!.keyboard.press('Tab');
    expect(await inBoard(), `Tab ${i + 1}`).toBe(true);
  }

  // Close hands the keyboard back to the button that opened the board.
  await dialog(pages[0]!).getByRole('button', { name: 'Close whiteboard' }).click();
  await expect(dialog(pages[0]!)).toBeHidden();
  await expect(pages[0]!.getByRole('button', { name: 'Open whiteboard' })).toBeFocused();

  for (const e of errors) expect(e).toEqual([]);
  for (const s of [...sessions, late]) await s.context.close();
});

test('a whiteboard session under the production CSP asks nothing of another origin', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const { room, users } = await roomWithMembers(server.baseURL, 1, 'careful');
  const { context, page } = await userPage(browser, server.baseURL, users[0]!);
  const origin = new URL(server.baseURL).origin;
  const requests: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const violations = await watchCspViolations(page);
  const errors = watchErrors(page);

  // The page is served with the production policy, unchanged (no font, style or script source
  // beyond our own origin; no WebAssembly).
  const response = await page.goto(`/rooms/room/${room.id}`);
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("font-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('wasm-unsafe-eval');

  await openBoard(page, room.id);
  await drawRectangle(page, 300, 180);
  // Text makes Excalidraw load its hand-drawn font (the loader excalidraw#11639 is about).
  const box = await canvasBox(page);
  await page.keyboard.press('t');
  await page.mouse.click(box.x + 320, box.y + 360);
  await page.keyboard.type('Hello, whiteboard');
  await page.keyboard.press('Escape');
  // A freehand stroke too.
  await page.keyboard.press('p');
  await page.mouse.move(box.x + 400, box.y + 180);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1)
    await page.mouse.move(box.x + 400 + i * 12, box.y + 180 + (i % 3) * 9);
  await page.mouse.up();
  await expect(shapes(page)).toHaveText(/^3 shapes/);
  await expect(status(page)).toHaveText('Saved');
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('20px Excalifont', 'Hello')))
    .toBe(true);

  const png = await exportFile(page, 'PNG');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const svg = (await exportFile(page, 'SVG')).toString();
  expect(svg).toContain('<svg');
  expect(svg).toContain('Hello, whiteboard');
  // The drawing's font travels inside the file, read from our own origin.
  expect(svg).toMatch(
    /@font-face \{ font-family: "Excalifont"; src: url\(data:font\/woff2;base64,/,
  );

  expect(requests.length).toBeGreaterThan(0);
  const elsewhere = requests.filter(
    (url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'),
  );
  expect(elsewhere).toEqual([]);
  expect(sockets.every((url) => new URL(url).host === new URL(origin).host)).toBe(true);
  expect(requests.some((url) => /\/assets\/excalidraw-[\d.]+\/fonts\/Excalifont\//.test(url))).toBe(
    true,
  );
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('a drawing that has not reached the server makes closing the board or the tab ask first', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const { room, users } = await roomWithMembers(server.baseURL, 1, 'commuter');
  const { context, page } = await userPage(browser, server.baseURL, users[0]!);
  const errors = watchErrors(page, { ignore: [/ERR_INTERNET_DISCONNECTED/] });
  await openBoard(page, room.id);
  await drawRectangle(page, 300, 180);
  await expect(status(page)).toHaveText('Saved');

  // On the train: a shape drawn now lives only in this tab, so closing it asks first, and the
  // student stays.
  await context.setOffline(true);
  // Said at once, not when the socket's next ping goes unanswered.
  await expect(status(page)).toHaveText(
    'Offline: changes will be sent when the connection is back',
  );
  await drawRectangle(page, 420, 260);
  await expect(shapes(page)).toHaveText(/^2 shapes/);
  await expect(status(page)).toHaveText(/^Offline/);
  // Closing the board asks first; Cancel keeps it open, with the keyboard back on Close.
  const board = dialog(page);
  const close = board.getByRole('button', { name: 'Close whiteboard' });
  await close.click();
  const question = board.getByRole('group', { name: 'Confirm closing the whiteboard' });
  await expect(question).toContainText(WHITEBOARD_MESSAGES.unsavedOnClose);
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(close).toBeFocused();
  await expect(shapes(page)).toHaveText(/^2 shapes/);
  // So does closing the tab: the browser asks, and the student stays.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const leaving = await asked;
  expect(leaving.type()).toBe('beforeunload');
  await leaving.dismiss();
  expect(page.isClosed()).toBe(false);

  // Back online the shape is sent; then the board and the tab close without a question, and the
  // board the server kept has both shapes.
  await context.setOffline(false);
  await expect(status(page)).toHaveText('Saved', { timeout: 60_000 });
  await close.click();
  await expect(board).toBeHidden();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  const again = await context.newPage();
  await openBoard(again, room.id);
  await expect(shapes(again)).toHaveText(/^2 shapes/);
  expect(errors).toEqual([]);
  await context.close();
});

test('a stored shape the board cannot draw leaves it usable, and Clear board clears it for the others', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const { room, users } = await roomWithMembers(server.baseURL, 2, 'eraser');
  const [owner, member] = users as [CallUser, CallUser];
  // Rows as an older server stored them, unchecked: each made the board open empty ("Offline")
  // or close for every member. Beside them, one good rectangle.
  const base = {
    version: 1,
    versionNonce: 1,
    isDeleted: false,
    x: 200,
    y: 150,
    width: 80,
    height: 60,
  };
  const rows = [
    { ...base, id: 'legacy-font', type: 'text', text: 'old', font: 123, y: 300 },
    { ...base, id: 'legacy-bound', type: 'rectangle', boundElementIds: 'abc', x: 400 },
    { ...base, id: 'bad-points', type: 'freedraw', points: 'abc' },
    { ...base, id: 'bad-family', type: 'text', text: 'x', fontFamily: 'Virgil' },
    { ...base, id: 'good', type: 'rectangle', index: 'a0' },
  ];
  await server.sql(
    `insert into whiteboard_elements (room_id, element_id, version, version_nonce, is_deleted, data)
     select $1, e->>'id', 1, 1, false, e from jsonb_array_elements($2::jsonb) as e`,
    [room.id, JSON.stringify(rows)],
  );

  const drawer = await userPage(browser, server.baseURL, member);
  const errors = watchErrors(drawer.page);
  await openBoard(drawer.page, room.id);
  // The unreadable two are left out (their legacy fields dropped, the other two are drawn), and
  // the board is usable: a new shape is drawn and saved.
  await expect(shapes(drawer.page)).toHaveText(/^3 shapes/);
  await drawRectangle(drawer.page, 520, 320);
  await expect(shapes(drawer.page)).toHaveText(/^4 shapes/);
  await expect(status(drawer.page)).toHaveText('Saved');
  // A plain member is not offered Clear board.
  await expect(dialog(drawer.page).getByRole('button', { name: 'Clear board' })).toHaveCount(0);

  // The owner clears the board, by keyboard, after confirming.
  const clearer = await userPage(browser, server.baseURL, owner);
  await openBoard(clearer.page, room.id);
  await expect(shapes(clearer.page)).toHaveText(/^4 shapes/);
  const board = dialog(clearer.page);
  const clear = board.getByRole('button', { name: 'Clear board' });
  await clear.focus();
  await clearer.page.keyboard.press('Enter');
  const question = board.getByRole('group', { name: 'Confirm clearing the whiteboard' });
  await expect(question).toContainText(WHITEBOARD_MESSAGES.clearConfirm);
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await clearer.page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Clear for everyone' })).toBeFocused();
  await clearer.page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(clear).toBeFocused();
  for (const page of [clearer.page, drawer.page]) {
    await expect(shapes(page)).toHaveText(/^0 shapes/, { timeout: 20_000 });
  }
  await expect(drawer.page.getByText(`${owner.name} cleared the whiteboard.`)).toBeVisible();
  // The others keep drawing on the empty board.
  await drawRectangle(drawer.page, 300, 200);
  await expect(shapes(clearer.page)).toHaveText(/^1 shape/, { timeout: 20_000 });
  expect(errors).toEqual([]);
  for (const s of [drawer, clearer]) await s.context.close();
});

test('the call opens the whiteboard as a room tool, by keyboard', async ({ browser, server }) => {
  test.setTimeout(90_000);
  const { room, users } = await roomWithMembers(server.baseURL, 1, 'caller');
  const context: BrowserContext = await signedInContext(browser, server.baseURL, users[0]!);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`/rooms/call/room/${room.id}`);
  await page.getByRole('button', { name: 'Join now' }).click();
  const tools = page.getByRole('button', { name: 'Room tools' });
  await tools.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Whiteboard' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Whiteboard' });
  // The drawing area takes the keyboard once ready: R picks the rectangle with no click first.
  await expect(panel.getByRole('application', { name: 'Drawing area' })).toBeFocused({
    timeout: 30_000,
  });
  await expect(status(page)).toHaveText('Saved', { timeout: 30_000 });
  const box = await canvasBox(page);
  await drawRectangle(page, box.width * 0.5, box.height * 0.5, { click: false });
  await expect(shapes(page)).toHaveText(/^1 shape/);
  await expect(status(page)).toHaveText('Saved');
  await panel.getByRole('button', { name: 'Close whiteboard' }).click();
  await expect(panel).toBeHidden();
  await expect(tools).toBeFocused();
  expect(errors).toEqual([]);
  await context.close();
});

test('a member follows another’s view and stops; the follow control passes axe at 320 px', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const { room, users } = await roomWithMembers(server.baseURL, 2, 'follow');
  const [annUser, bobUser] = [users[0]!, users[1]!];
  const ann = await userPage(browser, server.baseURL, annUser);
  // Bob on a phone, where a member's drawing is easily off his screen.
  const bob = await userPage(browser, server.baseURL, bobUser, {
    bypassCSP: true,
    viewport: { width: 320, height: 640 },
  });
  const errors = [watchErrors(ann.page), watchErrors(bob.page)];
  await openBoard(ann.page, room.id);
  await openBoard(bob.page, room.id);
  await drawRectangle(ann.page, 300, 200);
  // Ann's pointer on the board names her on Bob's.
  const box = await canvasBox(ann.page);
  await ann.page.mouse.move(box.x + 250, box.y + 250);
  await ann.page.mouse.move(box.x + 260, box.y + 255, { steps: 3 });
  const follow = bob.page.getByLabel('Follow a view');
  await expect(follow.locator('option', { hasText: annUser.name })).toHaveCount(1, {
    timeout: 20_000,
  });
  await follow.selectOption({ label: annUser.name });
  await expect(bob.page.getByText(`Following ${annUser.name}`)).toBeVisible();
  await expect(bob.page.getByRole('button', { name: 'Stop following' })).toBeVisible();
  await expectNoSidewaysScroll(bob.page);
  expect(await axeViolations(bob.page)).toEqual([]);

  // Ann scrolls: Bob's screen moves with her, though he touched nothing.
  const bobCanvas = bob.page.locator('canvas.excalidraw__canvas.static');
  await expect(bob.page.locator('canvas.excalidraw__canvas.static')).toHaveCount(1);
  await bob.page.waitForTimeout(500);
  const before = await bobCanvas.screenshot();
  await ann.page.mouse.wheel(0, 250);
  await expect
    .poll(async () => Buffer.compare(await bobCanvas.screenshot(), before) !== 0, {
      timeout: 10_000,
    })
    .toBe(true);

  // Bob stops following: Ann's next scroll leaves his view where it is.
  await follow.selectOption('');
  await expect(bob.page.getByText(`Following ${annUser.name}`)).toBeHidden();
  await bob.page.waitForTimeout(500);
  const still = await bobCanvas.screenshot();
  await ann.page.mouse.wheel(0, 250);
  await ann.page.waitForTimeout(1_000);
  expect(Buffer.compare(await bobCanvas.screenshot(), still)).toBe(0);
  for (const e of errors) expect(e).toEqual([]);
  await Promise.all([ann.context.close(), bob.context.close()]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the whiteboard passes axe and fits a 320 px phone (${theme})`, async ({
    browser,
    server,
  }) => {
    test.setTimeout(90_000);
    const { room, users } = await roomWithMembers(server.baseURL, 1, 'reader');
    // axe is injected as an inline script, which the app's CSP rightly refuses.
    const { context, page } = await userPage(browser, server.baseURL, users[0]!, {
      bypassCSP: true,
      viewport: { width: 1280, height: 800 },
    });
    await useStoredTheme(page, theme);
    const errors = watchErrors(page);
    await page.goto(`/rooms/room/${room.id}`);
    await expect(page.getByRole('region', { name: 'Whiteboard' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await openBoard(page, room.id);
    await drawRectangle(page, 400, 250);
    await expect(status(page)).toHaveText('Saved');
    await page.screenshot({ path: test.info().outputPath(`whiteboard-1280-${theme}.png`) });
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(page);
    await expect(dialog(page).getByRole('button', { name: 'Close whiteboard' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`whiteboard-320-${theme}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await dialog(page).getByRole('button', { name: 'Close whiteboard' }).click();
    await expectNoSidewaysScroll(page);
    await page.screenshot({
      path: test.info().outputPath(`whiteboard-room-320-${theme}.png`),
      fullPage: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
}
