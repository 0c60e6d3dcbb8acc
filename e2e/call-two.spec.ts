import { test, expect, watchForText } from './fixtures';
import { axeViolations, controlsUnderToasts, expectNoSidewaysScroll } from './checks';
import {
  CallScreen,
  failOnConsoleErrors,
  roomWithMembers,
  signedInContext,
  uploadAvatar,
} from './pages/call';
import { StudyRoomsScreen } from './pages/rooms';
import { isDark, useStoredTheme } from './theme';

/**
 * Two people in one call (docs/product.md §7): real video both ways, the header and grid rules,
 * chat with Enter and Shift+Enter, the hand and mute signals, a shared screen beside the camera,
 * leaving, and a
 * server restart that both sides survive without reloading. The stage (docs/decisions/0009): tile
 * sizes, pinning, pictures, toasts that never cover the controls, and a dark stage in both themes;
 * on phones (320 and 390 px) the other person fills the stage, a shared screen its width, the
 * header keeps the room's name whole through a drop, and any tile goes full screen.
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
  // Bob turned the call's shortcuts off in Settings (a choice kept per device).
  await bobContext.addInitScript(() => localStorage.setItem('callShortcuts', 'off'));
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

  // With shortcuts off, Bob typing "hello" outside the message box neither raises a hand nor
  // leaves (WCAG 2.1.4).
  await bobPage.locator('body').click({ position: { x: 5, y: 200 } });
  await bobPage.keyboard.type('hello');
  await expect(bobPage.getByRole('dialog')).toHaveCount(0);
  await expect(b.control('Raise hand')).toHaveAttribute('aria-pressed', 'false');
  await expect(bobPage).toHaveURL(/\/rooms\/call\//);
  await expect(a.remoteTile(bob.name).getByText('Hand raised')).toHaveCount(0);

  // S shares Ann's screen beside her camera, on a sender of its own set up with the call
  // (replaceTrack: nothing is renegotiated); Bob sees both moving. S again takes the screen away
  // and the camera never stopped.
  const cameraLabels = await a.sentVideoLabels();
  expect(cameraLabels).toHaveLength(1);
  expect(cameraLabels[0]).not.toMatch(/^screen/);
  const sdpBefore = await a.localDescriptions();
  await annPage.keyboard.press('s');
  await expect(a.localScreen.getByText('You are sharing your screen')).toBeVisible();
  await expect(b.remoteScreen(ann.name).getByText('Sharing screen')).toBeVisible();
  await expect
    .poll(() => a.sentVideoLabels())
    .toEqual([cameraLabels[0], expect.stringMatching(/^screen/)]);
  await b.expectScreenFrom(ann.name);
  await b.expectVideoFrom(ann.name);
  await expect(a.localTile).toBeVisible();
  expect(await a.localDescriptions()).toEqual(sdpBefore);
  await annPage.keyboard.press('s');
  await expect(b.remoteScreen(ann.name)).toHaveCount(0);
  await expect.poll(() => a.sentVideoLabels()).toEqual(cameraLabels);
  await b.expectVideoFrom(ann.name);

  // L asks first (single keys, the default): Stay keeps Ann in the call.
  await annPage.keyboard.press('l');
  const question = annPage.getByRole('dialog', { name: 'Leave the call?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toHaveCount(0);
  await expect(annPage).toHaveURL(/\/rooms\/call\//);

  // L, then Leave: Ann lands on the rooms list with the toast; Bob is told and is alone again.
  // Both toasts last 3 s, which a loaded machine can outlast between two polls: watched from
  // inside the pages.
  const annSawLeaving = await watchForText(annPage, 'Left study session.');
  const bobSawLeft = await watchForText(bobPage, `${ann.name} left`);
  await annPage.keyboard.press('l');
  await question.getByRole('button', { name: 'Leave' }).click();
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

  // Without scars (docs/decisions/0027): nobody left, so nobody is told anyone left or joined, and
  // each remote tile stays the same element through the restart (not removed and added again). The
  // first "joined" toasts must have gone before the watch starts.
  await expect(a.toast(`${bob.name} joined`)).toHaveCount(0, { timeout: 10_000 });
  const scars = [
    await watchForText(annPage, `${bob.name} left`),
    await watchForText(annPage, `${bob.name} joined`),
    await watchForText(bobPage, `${ann.name} left`),
    await watchForText(bobPage, `${ann.name} joined`),
  ];
  const keepTile = (screen: CallScreen, name: string) =>
    screen
      .remoteTile(name)
      .evaluate((el) => ((window as unknown as { tileBefore: Element }).tileBefore = el));
  const sameTile = (screen: CallScreen, name: string) =>
    screen
      .remoteTile(name)
      .evaluate((el) => (window as unknown as { tileBefore: Element }).tileBefore === el);
  const tileStayed = (page: typeof annPage) =>
    page.evaluate(() => (window as unknown as { tileBefore: Element }).tileBefore.isConnected);
  await keepTile(a, bob.name);
  await keepTile(b, ann.name);

  const sawDisconnected = await watchForText(annPage, 'Disconnected');
  // Peer-to-peer video does not need the server: it keeps moving while the live link is down.
  const videoDuringOutage = (async () => {
    // The header's marker (product.md §7.3), not the toast of the same text.
    await expect(annPage.locator('header').getByText('Disconnected', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await a.expectVideoFrom(bob.name, 10_000);
  })();
  await server.restart('SIGTERM');
  await videoDuringOutage;
  expect(await sawDisconnected()).toBe(true);
  // While the server was away the tiles stayed on screen.
  expect(await tileStayed(annPage)).toBe(true);
  expect(await tileStayed(bobPage)).toBe(true);

  // Within 15 s of the server being back, both see each other's video again.
  await a.expectVideoFrom(bob.name, 15_000);
  await b.expectVideoFrom(ann.name, 15_000);
  await a.expectInCall(2);
  await b.expectInCall(2);
  await expect(annPage.getByText('Disconnected', { exact: true })).toHaveCount(0);
  expect(await sameTile(a, bob.name)).toBe(true);
  expect(await sameTile(b, ann.name)).toBe(true);
  // The rebuilt links carry the video from here on: it keeps moving on the same tiles.
  await a.expectVideoFrom(bob.name);
  await b.expectVideoFrom(ann.name);
  for (const saw of scars) expect(await saw()).toBe(false);

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

test.describe('the stage', () => {
  // axe-core goes in as an inline script, which the app's CSP refuses.
  test.use({ bypassCSP: true });

  test('two people at 1280x800: large centred tiles, pinning, the picture with the camera off, toasts clear of the controls, dark in both themes, axe-clean', async ({
    browser,
    server,
  }) => {
    const { room, users } = await roomWithMembers(server.baseURL, 2, 'stage');
    const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];
    const desktop = { viewport: { width: 1280, height: 800 } };
    const annContext = await signedInContext(browser, server.baseURL, ann, desktop);
    const bobContext = await signedInContext(browser, server.baseURL, bob, desktop);
    const annPage = await annContext.newPage();
    const bobPage = await bobContext.newPage();
    // Ann uses the dark theme, Bob the light one: the stage is dark for both.
    await useStoredTheme(annPage, 'dark');
    await useStoredTheme(bobPage, 'light');
    const annErrors = failOnConsoleErrors(annPage);
    const a = new CallScreen(annPage);
    const b = new CallScreen(bobPage);
    await bobPage.goto('/');
    const picture = await uploadAvatar(bobPage, server.baseURL, bob);

    await a.open(room.id);
    await a.expectInCall(1);
    await b.open(room.id);
    await a.expectVideoFrom(bob.name);
    await b.expectVideoFrom(ann.name);

    // The stage is dark in both themes (it is a video stage), with the page's theme applied.
    expect(await isDark(annPage)).toBe(true);
    expect(await isDark(bobPage)).toBe(false);
    for (const call of [a, b]) {
      const luminance = await call.stage.evaluate((el) => {
        // The first painted background from the stage up.
        for (let node: Element | null = el; node; node = node.parentElement) {
          const colour = getComputedStyle(node).backgroundColor;
          const [r, g, bl, alpha = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
          if (alpha > 0 && r !== undefined && g !== undefined && bl !== undefined)
            return (0.2126 * r + 0.7152 * g + 0.0722 * bl) / 255;
        }
        return 1;
      });
      expect(luminance, 'stage background luminance').toBeLessThan(0.1);
    }

    // With 2 people the grid keeps its 2 columns (each at least 45% of the stage's width) and
    // the one remote tile spans both, as large as the stage allows at 16:9, in the middle of the
    // stage rather than in a corner.
    await expect(a.grid).toHaveAttribute('data-columns', '2');
    expect(await a.gridColumnCount()).toBe(2);
    await expect
      .poll(async () => Math.min(...(await a.gridColumnShares())))
      .toBeGreaterThanOrEqual(0.45);
    const tile = a.remoteTile(bob.name);
    await expect.poll(() => a.widthShare(tile)).toBeGreaterThan(0.9);
    const centre = await a.offCentre(tile);
    expect(Math.abs(centre.x)).toBeLessThan(0.05);
    expect(Math.abs(centre.y)).toBeLessThan(0.05);

    // Pinning Bob gives him the large view; pinning again unpins.
    const pin = tile.getByRole('button', { name: `Pin ${bob.name}` });
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await expect(a.focusView.getByTestId('remote-tile')).toHaveAttribute(
      'data-peer-name',
      bob.name,
    );
    expect(await a.widthShare(tile)).toBeGreaterThan(0.6);
    await pin.click();
    await expect(a.grid).toBeVisible();
    await expect(a.focusView).toHaveCount(0);

    // Tab runs through the video first, then the control bar, then the chat (the chat is open
    // beside the stage at this width).
    await expect(a.chat).toBeVisible();
    await annPage.locator('body').focus();
    const regions: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      await annPage.keyboard.press('Tab');
      const region = await annPage.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'none';
        if (el.closest('section[aria-label="Participants"]')) return 'video';
        if (el.closest('footer')) return 'controls';
        const panel = el.closest('section[aria-labelledby]');
        const title = panel && document.getElementById(panel.getAttribute('aria-labelledby')!);
        if (title?.textContent === 'In-call messages') return 'chat';
        return 'other';
      });
      if (regions.at(-1) !== region) regions.push(region);
    }
    const order = ['video', 'controls', 'chat'].map((r) => regions.indexOf(r));
    expect(
      order.every((i) => i >= 0),
      `Tab visited ${regions.join(' > ')}`,
    ).toBe(true);
    expect(order, `Tab visited ${regions.join(' > ')}`).toEqual([...order].sort((x, y) => x - y));

    // Bob turns his camera off: Ann sees his uploaded picture, not a letter.
    await bobPage.locator('body').click({ position: { x: 5, y: 200 } });
    await bobPage.keyboard.press('c');
    await expect(tile.getByTestId('tile-avatar')).toHaveAttribute('src', picture);
    await expect(tile.getByText('Camera off')).toBeVisible();

    // Axe finds nothing on the call with the chat open, in the dark theme and the light one.
    await expect(a.chat).toBeVisible();
    await expect(b.chat).toBeVisible();
    await a.chatInput.fill('Checking the contrast of a message');
    await a.chatInput.press('Enter');
    await expect(b.chat.getByText('Checking the contrast of a message')).toBeVisible();
    expect(await axeViolations(annPage)).toEqual([]);
    expect(await axeViolations(bobPage)).toEqual([]);

    // A burst of mic toggles leaves one toast, and no toast covers the chat's input, Send or the
    // control bar: at 1280 px with the chat beside the stage, and on a phone with the chat over it.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await annPage.setViewportSize(viewport);
      if (!(await a.chat.isVisible())) await a.control('Chat').click();
      await a.chatInput.click();
      await annPage.locator('header').first().click();
      for (let i = 0; i < 5; i += 1) await annPage.keyboard.press('m');
      const micToasts = a.toasts.filter({ hasText: /^Mic (on|off)$/ });
      await expect(micToasts).toHaveCount(1);
      await expect(micToasts).toHaveText(
        (await a.control('Microphone').getAttribute('aria-pressed')) === 'true'
          ? 'Mic on'
          : 'Mic off',
      );
      const controls = [
        a.chatInput,
        a.chat.getByRole('button', { name: 'Send message' }),
        annPage.getByRole('toolbar', { name: 'Call controls' }),
      ];
      for (const control of controls) await expect(control).toBeInViewport();
      expect(await controlsUnderToasts(annPage, controls), 'controls under a toast').toEqual([]);
    }

    // The whole control bar, devices menu and Room tools included, fits the narrowest phones:
    // nothing cut off at either end (the bar does not wrap).
    for (const width of [320, 360, 390]) {
      await annPage.setViewportSize({ width, height: 700 });
      const buttons = annPage.getByRole('toolbar', { name: 'Call controls' }).getByRole('button');
      expect(await buttons.count()).toBeGreaterThanOrEqual(8);
      const boxes = await buttons.evaluateAll((items) =>
        items.map((item) => {
          const r = item.getBoundingClientRect();
          return { left: r.left, right: r.right, name: item.getAttribute('aria-label') };
        }),
      );
      for (const box of boxes) {
        expect(box.left, `${box.name} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${box.name} at ${width} px`).toBeLessThanOrEqual(width);
      }
      // The header keeps the clock on screen beside the room's name; its Invite waits for 640 px.
      const clock = (await annPage.locator('header').locator('time').boundingBox())!;
      expect(clock.x + clock.width, `the header at ${width} px`).toBeLessThanOrEqual(width);
      await expect(
        annPage.locator('header').getByRole('button', { name: 'Invite', exact: true }),
      ).toBeHidden();
    }

    annErrors();
    await annContext.close();
    await bobContext.close();
  });

  test('two people on phones at 390 and 320 px: the other person fills the stage, the name stays whole through a drop, no toast covers a control, full screen, axe-clean in both themes', async ({
    browser,
    server,
  }) => {
    const { room, users } = await roomWithMembers(server.baseURL, 2, 'phone');
    const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];
    const phone = { viewport: { width: 390, height: 844 } };
    const annContext = await signedInContext(browser, server.baseURL, ann, phone);
    const bobContext = await signedInContext(browser, server.baseURL, bob, phone);
    const annPage = await annContext.newPage();
    const bobPage = await bobContext.newPage();
    await useStoredTheme(annPage, 'dark');
    await useStoredTheme(bobPage, 'light');
    const annErrors = failOnConsoleErrors(annPage, [
      // Ann goes offline below: her socket retrying meanwhile is the browser saying so.
      /ERR_INTERNET_DISCONNECTED/,
    ]);
    const a = new CallScreen(annPage);
    const b = new CallScreen(bobPage);
    await a.open(room.id);
    await a.expectInCall(1);
    await b.open(room.id);
    await a.expectVideoFrom(bob.name);
    await b.expectVideoFrom(ann.name);
    const bobOnAnns = a.remoteTile(bob.name);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ]) {
      const at = `at ${viewport.width} px`;
      for (const page of [annPage, bobPage]) await page.setViewportSize(viewport);
      for (const call of [a, b]) {
        // The toasts take room above the control bar while they show: measured without them.
        await expect(call.toasts).toHaveCount(0, { timeout: 10_000 });
        // The other person fills the stage: its width and nearly all its height (was 16:9 across
        // the width, 206 of 735 px high at 390x844).
        const other = call === a ? bobOnAnns : b.remoteTile(ann.name);
        await expect.poll(() => call.widthShare(other), at).toBeGreaterThan(0.9);
        await expect.poll(() => call.heightShare(other), at).toBeGreaterThan(0.9);
        // The room's name is whole (it was cut to "C..." beside the count and clock).
        const title = await call.headerTitle();
        expect(title.text, at).toBe(room.name);
        expect(title.cut, `the room's name is cut ${at}`).toBe(false);
        await expectNoSidewaysScroll(call.page);
      }

      // A toast shows while Ann toggles her mic, with the chat closed and then open over the
      // stage: it covers none of the controls, the tiles' buttons or Close chat.
      for (const chatOpen of [false, true]) {
        if (chatOpen) await a.control('Chat').click();
        await a.control('Microphone').click();
        await expect(a.toasts).toHaveCount(1);
        if (chatOpen)
          await expect(a.chat.getByRole('button', { name: 'Close chat' })).toBeVisible();
        else await expect(bobOnAnns.getByRole('button', { name: `Pin ${bob.name}` })).toBeVisible();
        expect(await a.controlsUnderToasts(), `controls under a toast ${at}`).toEqual([]);
      }
      // Axe finds nothing with a toast and the chat showing, in the dark theme and the light one.
      await b.control('Chat').click();
      await b.control('Microphone').click();
      await expect(b.toasts).toHaveCount(1);
      expect(await b.controlsUnderToasts(), `controls under a toast ${at}`).toEqual([]);
      expect(await axeViolations(annPage)).toEqual([]);
      expect(await axeViolations(bobPage)).toEqual([]);
      for (const call of [a, b])
        await call.chat.getByRole('button', { name: 'Close chat' }).click();
    }

    // A drop at 320 px: the 'Disconnected' marker joins the header and pushes out neither the
    // room's name nor the clock.
    await annContext.setOffline(true);
    const header = annPage.locator('header');
    await expect(header.getByText('Disconnected', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    const title = await a.headerTitle();
    expect(title.cut, "the room's name is cut during a drop").toBe(false);
    expect(title.right).toBeLessThanOrEqual(320);
    const clock = (await header.locator('time').boundingBox())!;
    expect(clock.x).toBeGreaterThanOrEqual(0);
    expect(clock.x + clock.width).toBeLessThanOrEqual(320);
    await expectNoSidewaysScroll(annPage);
    await annContext.setOffline(false);
    await expect(header.getByText('Disconnected', { exact: true })).toHaveCount(0, {
      timeout: 30_000,
    });

    // Bob's shared screen takes the stage's width on Ann's phone, his camera in the strip below.
    await bobPage.locator('body').click({ position: { x: 5, y: 200 } });
    await bobPage.keyboard.press('s');
    await expect(a.focusView.getByText('Sharing screen')).toBeVisible();
    await expect.poll(() => a.widthShare(a.remoteScreen(bob.name))).toBeGreaterThan(0.9);
    await expect(annPage.getByTestId('video-strip').locator(a.remoteTile(bob.name))).toBeVisible();

    // Any tile goes full screen: the tile itself, and back.
    await bobOnAnns.getByRole('button', { name: `Full screen ${bob.name}` }).click();
    await expect
      .poll(() => bobOnAnns.evaluate((tile) => document.fullscreenElement === tile))
      .toBe(true);
    await bobOnAnns.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => annPage.evaluate(() => document.fullscreenElement)).toBeNull();
    await expect(bobOnAnns.getByRole('button', { name: `Full screen ${bob.name}` })).toBeVisible();

    annErrors();
    await annContext.close();
    await bobContext.close();
  });
});

/** Pictures of the pre-join step for a review, when PREJOIN_SHOTS names a folder. */
const PREJOIN_SHOTS = process.env.PREJOIN_SHOTS;

test('join by code lands on the pre-join step with camera and microphone as last chosen', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 2, 'prejoin');
  const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];
  const annContext = await signedInContext(browser, server.baseURL, ann);
  // axe is injected as an inline script, which the app's CSP rightly refuses.
  const bobContext = await signedInContext(browser, server.baseURL, bob, { bypassCSP: true });
  const annPage = await annContext.newPage();
  const bobPage = await bobContext.newPage();
  const errors = [failOnConsoleErrors(annPage), failOnConsoleErrors(bobPage)];
  const a = new CallScreen(annPage);
  const b = new CallScreen(bobPage);
  await a.open(room.id);
  await a.expectInCall(1);

  const rooms = new StudyRoomsScreen(bobPage);
  const mic = bobPage.getByRole('button', { name: /^Microphone (on|off)$/ });
  const camera = bobPage.getByRole('button', { name: /^Camera (on|off)$/ });
  const joinNow = bobPage.getByRole('button', { name: 'Join now' });

  // The first time, joining by code stops at the pre-join step with both on; nothing joined yet.
  await rooms.open();
  await rooms.joinWithCode(room.code);
  await expect(bobPage).toHaveURL(new RegExp(`/rooms/call/${room.id}$`));
  await expect(joinNow).toBeFocused();
  await expect(bobPage.getByRole('heading', { level: 1, name: room.name })).toBeVisible();
  await expect(camera).toBeEnabled({ timeout: 15_000 });
  await expect(camera).toHaveAttribute('aria-pressed', 'true');
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(a.count).toHaveText('1 participant');
  await camera.click();
  await expect(camera).toHaveAccessibleName('Camera off');
  await expect(camera).toHaveAttribute('aria-pressed', 'false');

  // Clean and whole at 1280 and 320 px, in both themes (a reload keeps the choice).
  for (const theme of ['light', 'dark'] as const) {
    await bobPage.setViewportSize({ width: 1280, height: 800 });
    await bobPage.evaluate((t) => localStorage.setItem('theme', t), theme);
    await bobPage.reload();
    await expect(camera).toBeEnabled({ timeout: 15_000 });
    await expect(camera).toHaveAttribute('aria-pressed', 'false');
    expect(await isDark(bobPage)).toBe(theme === 'dark');
    expect(await axeViolations(bobPage), `pre-join, ${theme}, 1280`).toEqual([]);
    if (PREJOIN_SHOTS) await bobPage.screenshot({ path: `${PREJOIN_SHOTS}/${theme}-1280.png` });
    await bobPage.setViewportSize({ width: 320, height: 720 });
    await expectNoSidewaysScroll(bobPage);
    expect(await axeViolations(bobPage), `pre-join, ${theme}, 320`).toEqual([]);
    if (PREJOIN_SHOTS)
      await bobPage.screenshot({ path: `${PREJOIN_SHOTS}/${theme}-320.png`, fullPage: true });
  }
  await bobPage.setViewportSize({ width: 1280, height: 800 });
  await bobPage.getByRole('link', { name: 'Back to room' }).click();
  await expect(bobPage).toHaveURL(new RegExp(`/rooms/room/${room.id}$`));

  // By code again: the camera off and the microphone on, as last chosen; Join now joins so.
  await rooms.open();
  await rooms.joinWithCode(room.code);
  await expect(camera).toBeEnabled({ timeout: 15_000 });
  await expect(camera).toHaveAccessibleName('Camera off');
  await expect(camera).toHaveAttribute('aria-pressed', 'false');
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await joinNow.click();
  await b.expectInCall(2);
  await a.expectInCall(2);
  await expect(b.control('Camera')).toHaveAttribute('aria-pressed', 'false');
  await expect(b.control('Microphone')).toHaveAttribute('aria-pressed', 'true');
  await expect(a.remoteTile(bob.name).getByText('Camera off')).toBeVisible();
  await expect(a.remoteTile(bob.name)).not.toHaveAttribute('data-muted', 'true');

  for (const check of errors) check();
  await Promise.all([annContext.close(), bobContext.close()]);
});
