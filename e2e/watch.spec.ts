import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { REPO_ROOT, startFileServer, type FileServer } from '@studycircle/test-kit';
import { test, expect, watchCspViolations, watchForText } from './fixtures';
import { axeViolations, expectNoSidewaysScroll, watchErrors } from './checks';
import { CallScreen, failOnConsoleErrors, roomWithMembers, type CallUser } from './pages/call';
import {
  WatchPlayer,
  closeViewers,
  expectInStep,
  positions,
  refuseAutoplayUntilClick,
  viewerContext,
} from './pages/watch';
import { isDark, useStoredTheme } from './theme';

/**
 * Watch together (docs/product.md §5.14) in real browsers. The test video
 * (e2e/fixtures/watch-clock.webm) is served from another origin by a small server that answers
 * Range requests, as a video host would; the app's own CSP stays on, so the page really loads media
 * from that origin. Viewers' positions are read inside the pages and compared at one instant; the
 * goal is every viewer within 100 ms of every other.
 */

test.setTimeout(240_000);

let media: FileServer;
let VIDEO_URL: string;

test.beforeAll(async () => {
  media = await startFileServer({
    '/watch-clock.webm': {
      file: join(REPO_ROOT, 'e2e/fixtures/watch-clock.webm'),
      contentType: 'video/webm',
    },
    // A page that only pretends to be a video by its name.
    '/lecture.mp4': { body: '<!doctype html><title>Not a video</title>', contentType: 'text/html' },
  });
  VIDEO_URL = `${media.origin}/watch-clock.webm`;
});
test.afterEach(async () => {
  await closeViewers();
});
test.afterAll(async () => {
  await media?.close();
});

async function openRoom(page: Page, roomId: string): Promise<WatchPlayer> {
  await page.goto(`/rooms/room/${roomId}`);
  const player = WatchPlayer.onRoomPage(page);
  await expect(player.root).toBeVisible({ timeout: 30_000 });
  return player;
}

test('three viewers stay in step through play, pause, seek, speed, a late joiner, a reload and watching alone', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 3, 'watcher');
  const [ann, bob, cat] = users as [CallUser, CallUser, CallUser];
  const annPage = await (await viewerContext(browser, server.baseURL, ann)).newPage();
  const bobPage = await (await viewerContext(browser, server.baseURL, bob)).newPage();
  const checks = [annPage, bobPage].map((p) => failOnConsoleErrors(p));
  const csp = await Promise.all([annPage, bobPage].map((p) => watchCspViolations(p)));
  const a = await openRoom(annPage, room.id);
  const b = await openRoom(bobPage, room.id);

  // Ann starts the video for the room: Bob is told, and both have it ready at its start.
  const startToast = await watchForText(bobPage, `${ann.name} started watch-clock.webm`);
  await a.start(VIDEO_URL);
  await expect(b.video).toBeVisible();
  await Promise.all([a.loaded(), b.loaded()]);
  expect(await startToast()).toBe(true);
  await expect(a.button('Play')).toBeFocused();

  // Play.
  const played = await watchForText(bobPage, `${ann.name} played the video`);
  await a.button('Play').click();
  await expectInStep([a, b], { playing: true });
  expect(await played()).toBe(true);

  // Pause, by Bob: both stop at one place.
  const paused = await watchForText(annPage, `${bob.name} paused the video`);
  await b.button('Pause').click();
  await expectInStep([a, b], { playing: false });
  expect(await paused()).toBe(true);
  await expect(a.status).toContainText(`Paused · last change by ${bob.name}`);

  // Playing again, Ann jumps 10 s forward: both land there together.
  await b.button('Play').click();
  await expectInStep([a, b], { playing: true });
  const before = (await positions([a]))[0]!;
  const jumped = await watchForText(bobPage, `${ann.name} jumped to`);
  await a.button('Forward 10 seconds').click();
  // Past where anyone could be without the jump (a loaded machine may take a while to click).
  await expectInStep([a, b], { playing: true, atLeast: before + 9.5 });
  expect(await jumped()).toBe(true);

  // A speed change.
  const faster = await watchForText(annPage, `${bob.name} set the speed to 1.5×`);
  await b.speed.selectOption('1.5');
  await expect(a.speed).toHaveValue('1.5');
  await expect(a.status).toContainText('Playing at 1.5×');
  await expectInStep([a, b], { playing: true });
  expect(await faster()).toBe(true);

  // Back to normal speed, and Ann drags the position back to the start: everyone follows. (The
  // video is 75 s long; the rest of the test must fit in it on a loaded machine, which a run at
  // 1.5x from where the room had got to did not.)
  await b.speed.selectOption('1');
  await expect(a.speed).toHaveValue('1');
  await a.root.getByRole('slider', { name: 'Position' }).fill('2');
  await expect.poll(async () => (await positions([a, b])).every((x) => x < 15)).toBe(true);
  await expectInStep([a, b], { playing: true });

  // A late joiner whose browser wants a click before it plays: the player asks, and after the
  // click Cat lands where the others are.
  const catContext = await viewerContext(browser, server.baseURL, cat);
  await refuseAutoplayUntilClick(catContext);
  const catPage = await catContext.newPage();
  checks.push(failOnConsoleErrors(catPage));
  const c = await openRoom(catPage, room.id);
  await c.loaded();
  const join = c.button('Click to join playback');
  await expect(join).toBeVisible();
  await expect(c.root).toContainText('Your browser waits for a click before it plays a video.');
  await join.click();
  await expect(join).toBeHidden();
  await expectInStep([a, b, c], { playing: true });

  // A reload lands on the room's position.
  await bobPage.reload();
  await b.loaded();
  await expectInStep([a, b, c], { playing: true });

  // Bob steps out and pauses his own video: nobody else is affected; he rejoins where the room is.
  await b.button('Watch alone').click();
  await expect(b.root.getByRole('status')).toContainText('You are watching alone');
  await b.button('Pause').click();
  await expect.poll(async () => (await b.reading()).paused).toBe(true);
  await annPage.waitForTimeout(1500);
  await expectInStep([a, c], { playing: true });
  const [annAt, bobAt] = await positions([a, b]);
  expect(annAt! - bobAt!).toBeGreaterThan(1);
  await b.button('Rejoin the room').click();
  await expectInStep([a, b, c], { playing: true });

  // Everyone's state is the same revision; no page broke the CSP or logged an error.
  const revs = await Promise.all([a, b, c].map((p) => p.player.getAttribute('data-rev')));
  expect(new Set(revs).size).toBe(1);
  for (const seen of csp) expect(await seen()).toEqual([]);
  for (const check of checks) check();
});

test('two people pressing play and pause at the same moment end in one state everywhere', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 3, 'racer');
  const pages = await Promise.all(
    users.map(async (u) => (await viewerContext(browser, server.baseURL, u)).newPage()),
  );
  const checks = pages.map((p) => failOnConsoleErrors(p));
  const players = await Promise.all(pages.map((p) => openRoom(p, room.id)));
  const [a, b] = players as [WatchPlayer, WatchPlayer, WatchPlayer];
  await a.start(VIDEO_URL);
  await Promise.all(players.map((p) => p.loaded()));

  /**
   * Ann and Bob each press their play/pause button at one agreed instant (scheduled inside both
   * pages on the machine's clock), several times 60 ms apart: each press is play or pause as that
   * person's screen shows it then, so their screens disagree and the presses cross.
   */
  const pressTogether = async (times: number) => {
    const at = Date.now() + 500;
    await Promise.all(
      [a, b].map((p) =>
        p.page.evaluate(
          ({ at: start, times: n }) => {
            const player = document.querySelector('[data-testid="watch-player"]')!;
            const toggle = () =>
              Array.from(player.querySelectorAll('button'))
                .find((el) => el.textContent === 'Play' || el.textContent === 'Pause')!
                .click();
            for (let i = 0; i < n; i++) setTimeout(toggle, start + i * 60 - Date.now());
          },
          { at, times },
        ),
      ),
    );
    await a.page.waitForTimeout(500 + times * 60 + 300);
  };

  const revOf = async (p: WatchPlayer) => Number(await p.player.getAttribute('data-rev'));
  for (const times of [1, 2, 3, 5]) {
    const before = await revOf(a);
    await pressTogether(times);
    // One state everywhere: the same revision, playing or paused alike, positions in step.
    await expect
      .poll(async () => {
        const states = await Promise.all(
          players.map(async (p) => [
            await p.player.getAttribute('data-rev'),
            await p.player.getAttribute('data-playing'),
          ]),
        );
        return new Set(states.map((s) => s.join('/'))).size;
      })
      .toBe(1);
    // Every press was applied, once each, one after another.
    expect(await revOf(a)).toBe(before + 2 * times);
    const playing = (await a.player.getAttribute('data-playing')) === 'true';
    await expectInStep(players, { playing });
  }
  for (const check of checks) check();
});

test('a link that is not a playable video gets a clear message, never a stuck player', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 2, 'linker');
  const [ann, bob] = users as [CallUser, CallUser];
  const annPage = await (await viewerContext(browser, server.baseURL, ann)).newPage();
  const bobPage = await (await viewerContext(browser, server.baseURL, bob)).newPage();
  // The browser logs a failed media load itself; those lines are expected here.
  const annErrors = watchErrors(annPage, { ignore: [/Failed to load resource/] });
  const bobErrors = watchErrors(bobPage, { ignore: [/Failed to load resource/] });
  const a = await openRoom(annPage, room.id);
  const b = await openRoom(bobPage, room.id);
  const link = a.root.getByRole('textbox', { name: 'Video link' });

  // Not a video file at all: refused before anything loads.
  await link.fill('https://www.youtube.com/watch?v=abc');
  await a.button('Start video').click();
  await expect(a.root.getByRole('alert')).toHaveText(
    'Paste a link to an MP4 or WebM video file, starting with http:// or https:// (for example https://example.org/lecture.mp4).',
  );
  await expect(link).toBeFocused();

  // Named like a video but a page: this browser tries it first and says so; the room never
  // sees it.
  await link.fill(`${media.origin}/lecture.mp4`);
  await a.button('Start video').click();
  await expect(a.root.getByRole('alert')).toHaveText(
    'This link did not play as a video. Check that it points to an MP4 or WebM file that anyone can open.',
    { timeout: 20_000 },
  );
  await expect(b.root.getByRole('textbox', { name: 'Video link' })).toBeVisible();
  await expect(b.video).toHaveCount(0);

  // A video that plays for Ann but fails to load for Bob (his network refuses it): Bob is told,
  // can try again, and once it loads he is in step.
  await bobPage.route(`${media.origin}/**`, (route) => route.abort('connectionrefused'));
  await a.start(VIDEO_URL);
  await a.loaded();
  await expect(b.root.getByRole('alert')).toContainText('This link did not play as a video.', {
    timeout: 20_000,
  });
  await expect(b.button('Stop the video for everyone')).toBeVisible();
  await bobPage.unroute(`${media.origin}/**`);
  await a.button('Play').click();
  await b.button('Try again').click();
  await expect(b.root.getByRole('alert')).toHaveCount(0);
  await expectInStep([a, b], { playing: true });

  // Stopping it from there ends it for everyone.
  await a.button('Stop video').click();
  await expect(b.root.getByRole('textbox', { name: 'Video link' })).toBeVisible();
  expect(annErrors).toEqual([]);
  expect(bobErrors).toEqual([]);
});

test('in the call: the Room tools panel plays the video beside the call, whose sound stays on', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 3, 'caller');
  const [ann, bob, cat] = users as [CallUser, CallUser, CallUser];
  const annPage = await (
    await viewerContext(browser, server.baseURL, ann, { viewport: { width: 1280, height: 800 } })
  ).newPage();
  const bobPage = await (await viewerContext(browser, server.baseURL, bob)).newPage();
  const checks = [annPage, bobPage].map((p) => failOnConsoleErrors(p));
  const call = new CallScreen(annPage);
  const bobCall = new CallScreen(bobPage);
  await call.open(room.id);
  await bobCall.open(room.id);
  await call.expectVideoFrom(bob.name);

  await call.control('Room tools').click();
  await annPage.getByRole('menuitem', { name: 'Watch together' }).click();
  const a = new WatchPlayer(annPage, annPage.getByRole('region', { name: 'Watch together' }));
  await a.start(VIDEO_URL);
  await a.loaded();
  await a.button('Play').click();

  // Cat follows from the room page, without the call.
  const catPage = await (await viewerContext(browser, server.baseURL, cat)).newPage();
  checks.push(failOnConsoleErrors(catPage));
  const b = await openRoom(catPage, room.id);
  await b.loaded();
  await expectInStep([a, b], { playing: true });

  // The call's own media is untouched: Bob's sound (his tile's audio element) still plays, on.
  const bobSound = call.remoteTile(bob.name).locator('audio');
  expect(
    await bobSound.evaluate((audio: HTMLAudioElement) => ({
      muted: audio.muted,
      paused: audio.paused,
      live: audio.srcObject !== null,
    })),
  ).toEqual({ muted: false, paused: false, live: true });
  expect(await a.video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

  // Closing the panel hands the keyboard back to the Room tools button.
  await annPage.getByRole('button', { name: 'Close watch together' }).click();
  await expect(call.control('Room tools')).toBeFocused();
  for (const check of checks) check();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the player on the room page and in the call: axe clean and 320 px wide, ${theme} theme`, async ({
    browser,
    server,
  }) => {
    const { room, users } = await roomWithMembers(server.baseURL, 1, `axe${theme}`);
    // axe is injected as an inline script, which the app's CSP rightly refuses.
    const context = await viewerContext(browser, server.baseURL, users[0]!, {
      bypassCSP: true,
      viewport: { width: 320, height: 720 },
    });
    const page = await context.newPage();
    await useStoredTheme(page, theme);
    const errors = watchErrors(page);
    const player = await openRoom(page, room.id);
    expect(await isDark(page)).toBe(theme === 'dark');

    // The empty form, and its error.
    await player.root.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await player.button('Start video').click();
    await expect(player.root.getByRole('alert')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The player with a video, then watching alone.
    await player.start(VIDEO_URL);
    await player.loaded();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await player.button('Watch alone').click();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await player.button('Rejoin the room').click();
    await page.screenshot({
      path: test.info().outputPath(`watch-room-320-${theme}.png`),
      fullPage: true,
    });

    // The same in the call's side panel, at 320 px and at 1280 px.
    const call = new CallScreen(page);
    await call.open(room.id);
    await call.control('Room tools').click();
    await page.getByRole('menuitem', { name: 'Watch together' }).click();
    const panel = new WatchPlayer(page, page.getByRole('region', { name: 'Watch together' }));
    await panel.loaded();
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`watch-call-320-${theme}.png`) });
    await page.setViewportSize({ width: 1280, height: 800 });
    await panel.loaded();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`watch-call-1280-${theme}.png`) });
    await page.goto(`/rooms/room/${room.id}`);
    await WatchPlayer.onRoomPage(page).loaded();
    await page.screenshot({
      path: test.info().outputPath(`watch-room-1280-${theme}.png`),
      fullPage: true,
    });
    expect(errors).toEqual([]);
  });
}
