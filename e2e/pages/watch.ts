import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { CallUser } from './call';

/**
 * Watch together (docs/product.md §5.14) as a viewer sees it: the player in the room page's "Watch
 * together" section or in the call's Room tools panel, and readings of where each viewer's video
 * is, taken inside the pages so several viewers can be compared at one instant.
 */

/** The goal: every viewer within 100 ms of every other. */
export const WATCH_GOAL_S = 0.1;

export class WatchPlayer {
  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {}

  /** The room page's section. */
  static onRoomPage(page: Page): WatchPlayer {
    return new WatchPlayer(page, page.getByRole('region', { name: 'Watch together' }));
  }

  get video(): Locator {
    return this.root.locator('video');
  }

  get player(): Locator {
    return this.root.getByTestId('watch-player');
  }

  get status(): Locator {
    return this.root.getByTestId('watch-status');
  }

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  get speed(): Locator {
    return this.root.getByRole('combobox', { name: 'Speed' });
  }

  async start(link: string) {
    await this.root.getByRole('textbox', { name: 'Video link' }).fill(link);
    await this.button('Start video').click();
    await expect(this.video).toBeVisible({ timeout: 20_000 });
  }

  /** Waits until the video has its metadata (the controls work from then on). */
  async loaded() {
    await expect(this.button('Back 10 seconds')).toBeEnabled({ timeout: 20_000 });
  }

  /** The video now: its time, the machine-clock moment it was read, and its state. */
  reading() {
    return this.video.evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      at: performance.timeOrigin + performance.now(),
      rate: v.playbackRate,
      paused: v.paused,
      seeking: v.seeking,
    }));
  }
}

/** Every viewer's position (s), read at once and brought to one instant at each video's speed. */
export async function positions(players: WatchPlayer[]): Promise<number[]> {
  const readings = await Promise.all(players.map((p) => p.reading()));
  const instant = Math.max(...readings.map((r) => r.at));
  return readings.map((r) =>
    r.paused || r.seeking ? r.time : r.time + ((instant - r.at) / 1000) * r.rate,
  );
}

const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

/**
 * Waits until every viewer is within the goal of every other (and, with `atLeast`, at or past
 * that place: a seek forward has landed), then checks they stay so for a second: four readings
 * 250 ms apart.
 */
export async function expectInStep(
  players: WatchPlayer[],
  options: { atLeast?: number; playing?: boolean; timeout?: number } = {},
) {
  const { atLeast, playing, timeout = 10_000 } = options;
  const check = async () => {
    const xs = await positions(players);
    const readings = await Promise.all(players.map((p) => p.reading()));
    return {
      spread: spread(xs),
      landed: atLeast === undefined || xs.every((x) => x >= atLeast),
      playing: playing === undefined || readings.every((r) => r.paused !== playing),
      xs,
    };
  };
  const deadline = Date.now() + timeout;
  for (;;) {
    const c = await check();
    if (c.landed && c.playing && c.spread < WATCH_GOAL_S) break;
    if (Date.now() > deadline) {
      throw new Error(
        `viewers never came within ${WATCH_GOAL_S * 1000} ms of each other` +
          ` (last: ${c.xs.map((x) => x.toFixed(3)).join(', ')}; landed ${c.landed}, playing ${c.playing})`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  for (let i = 0; i < 4; i++) {
    const c = await check();
    expect(
      c.spread,
      `spread ${(c.spread * 1000).toFixed(0)} ms at ${c.xs.join(', ')}`,
    ).toBeLessThan(WATCH_GOAL_S);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A page that behaves as a browser whose autoplay policy wants a click first: play() is refused
 * until the person has clicked or pressed a key in the page. (Debian's headless Chromium lets a
 * silent video play without one, so the refusal a real browser can give is made here. The
 * browser's own `navigator.userActivation` cannot tell: Playwright's evaluations count as
 * gestures, so it is set by the test's own reads.)
 */
export async function refuseAutoplayUntilClick(context: BrowserContext) {
  await context.addInitScript(() => {
    let interacted = false;
    for (const type of ['pointerdown', 'keydown']) {
      window.addEventListener(
        type,
        (event) => {
          if (event.isTrusted) interacted = true;
        },
        { capture: true },
      );
    }
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!interacted) {
        return Promise.reject(
          new DOMException(
            "play() failed because the user didn't interact with the document first.",
            'NotAllowedError',
          ),
        );
      }
      return play.call(this);
    };
  });
}

const openContexts = new Set<BrowserContext>();

/**
 * Closes every context `viewerContext` opened (call it after each test): a page left open would
 * keep playing its video, and its decoding would load the next test's machine.
 */
export async function closeViewers() {
  for (const context of openContexts) await context.close();
  openContexts.clear();
}

/** A context signed in as `user`, on `baseURL`; `closeViewers` closes it. */
export async function viewerContext(
  browser: Browser,
  baseURL: string,
  user: Pick<CallUser, 'token'>,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  openContexts.add(context);
  await context.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, user.token);
  return context;
}
