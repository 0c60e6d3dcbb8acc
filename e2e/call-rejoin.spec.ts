import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { CallScreen, failOnConsoleErrors, roomWithMembers, signedInContext } from './pages/call';

/**
 * A host who stays while a guest leaves and joins again (docs/decisions/0030): every link that
 * closes lets go of the media it held at once, on both sides, however many times it happens. Each
 * link sends its own clones of the camera and microphone; the pages here record every clone made (a
 * wrapper of MediaStreamTrack.prototype.clone, in the test only) and the connections
 * (`window.__pcs`), so the checks read the browser's own objects: no closed connection still sends
 * a live track, every clone made for a closed link has ended, no video or audio element that left
 * the page (the guest's tile, the host's own tile moving between the grid and the corner) still
 * holds a stream, and the host's own camera and the mute and camera-off buttons still work on the
 * live link.
 */

test.setTimeout(240_000);

const CYCLES = 4;

async function recordClones(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { __clones: MediaStreamTrack[]; __media: HTMLMediaElement[] };
    w.__clones = [];
    w.__media = [];
    // Every media element ever given a stream, to find those that left the page still holding it.
    const srcObject = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject')!;
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      ...srcObject,
      set(this: HTMLMediaElement, value: MediaProvider | null) {
        if (value && !w.__media.includes(this)) w.__media.push(this);
        srcObject.set!.call(this, value);
      },
    });
    const clone = MediaStreamTrack.prototype.clone;
    MediaStreamTrack.prototype.clone = function (this: MediaStreamTrack) {
      const copy = clone.call(this);
      w.__clones.push(copy);
      return copy;
    };
  });
}

/** What the page's tracks are up to: clones made and still live, and what its links send. */
function mediaState(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as {
      __clones: MediaStreamTrack[];
      __pcs: RTCPeerConnection[];
      __media: HTMLMediaElement[];
    };
    const closed = w.__pcs.filter((pc) => pc.connectionState === 'closed');
    const open = w.__pcs.filter((pc) => pc.connectionState !== 'closed');
    const sent = (pcs: RTCPeerConnection[]) =>
      pcs
        .flatMap((pc) => pc.getSenders())
        .map((s) => s.track)
        .filter((t): t is MediaStreamTrack => t !== null && t.readyState === 'live');
    const openSent = sent(open);
    return {
      clones: w.__clones.length,
      liveClones: w.__clones.filter((t) => t.readyState === 'live').length,
      closedLinks: closed.length,
      // Elements gone from the page (a tile that went or moved) that still hold a stream.
      detachedWithStream: w.__media.filter((m) => !m.isConnected && m.srcObject !== null).length,
      liveOnClosedLinks: sent(closed).map((t) => t.kind),
      // What the open links send: each a clone of this page's, with its enabled flag.
      openSent: openSent
        .map((t) => `${t.kind}:${w.__clones.includes(t) ? 'clone' : 'original'}:${t.enabled}`)
        .sort(),
    };
  });
}

test('a guest leaves and re-joins four times: every closed link has let go of its media', async ({
  browser,
  server,
}) => {
  const { room, users } = await roomWithMembers(server.baseURL, 2, 'rejoin');
  const [host, guest] = users as [(typeof users)[0], (typeof users)[0]];
  const hostContext = await signedInContext(browser, server.baseURL, host);
  const guestContext = await signedInContext(browser, server.baseURL, guest);
  await recordClones(hostContext);
  await recordClones(guestContext);
  const hostPage = await hostContext.newPage();
  const guestPage = await guestContext.newPage();
  const hostErrors = failOnConsoleErrors(hostPage);
  const guestErrors = failOnConsoleErrors(guestPage);
  const h = new CallScreen(hostPage);
  const g = new CallScreen(guestPage);

  await h.open(room.id);
  await h.expectInCall(1);

  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    await g.open(room.id);
    await h.expectVideoFrom(guest.name);
    await g.expectVideoFrom(host.name);
    // One link: the host sends its own clones of the camera and microphone on it.
    await expect
      .poll(async () => (await mediaState(hostPage)).openSent)
      .toEqual(['audio:clone:true', 'video:clone:true']);

    if (cycle === 1) {
      // M and C reach the clone the link sends (silence and black for the guest), and back.
      await hostPage.locator('body').click({ position: { x: 5, y: 200 } });
      await hostPage.keyboard.press('m');
      await hostPage.keyboard.press('c');
      await expect
        .poll(async () => (await mediaState(hostPage)).openSent)
        .toEqual(['audio:clone:false', 'video:clone:false']);
      await hostPage.keyboard.press('m');
      await hostPage.keyboard.press('c');
      await expect
        .poll(async () => (await mediaState(hostPage)).openSent)
        .toEqual(['audio:clone:true', 'video:clone:true']);
      await h.expectVideoFrom(guest.name);
      await g.expectVideoFrom(host.name);
    }

    // L asks first (docs/decisions/0053).
    await guestPage.keyboard.press('l');
    await guestPage
      .getByRole('dialog', { name: 'Leave the call?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(guestPage).toHaveURL(/\/dashboard\/rooms$/);
    await expect(hostPage.getByText('Waiting for others...')).toBeVisible({ timeout: 30_000 });

    await expect
      .poll(async () => {
        const { clones, closedLinks, ...rest } = await mediaState(hostPage);
        return { ...rest, cloned: clones >= 2 * cycle, closed: closedLinks >= cycle };
      })
      .toEqual({
        liveClones: 0,
        liveOnClosedLinks: [],
        detachedWithStream: 0,
        openSent: [],
        cloned: true,
        closed: true,
      });
    // The guest left the call altogether: nothing of it is live on its page either.
    const left = await mediaState(guestPage);
    expect(left.liveClones).toBe(0);
    expect(left.liveOnClosedLinks).toEqual([]);
    expect(left.openSent).toEqual([]);
    // The host's own camera goes on: its tile still plays.
    await expect
      .poll(() =>
        h.localTile
          .locator('video')
          .evaluate((v: HTMLVideoElement) =>
            v.srcObject instanceof MediaStream
              ? v.srcObject.getVideoTracks().map((t) => t.readyState)
              : [],
          ),
      )
      .toEqual(['live']);
  }

  hostErrors();
  guestErrors();
  await hostContext.close();
  await guestContext.close();
});
