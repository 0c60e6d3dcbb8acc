import {
  expect,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { watchErrors } from '../checks';
import { newAccount, registerViaApi } from '../fixtures';

/**
 * The video call screen (/rooms/call/room/:roomId) as a participant sees it, and the set-up the
 * call tests share: accounts, a room everyone is a member of, one browser context per person.
 * Grouped by participant count like Jitsi's torture tests (call-two, call-three ...).
 */

export interface CallUser {
  name: string;
  email: string;
  token: string;
  id: string;
}

async function api<T>(baseURL: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Registers `count` people and puts them all in one new room (the first one owns it). */
export async function roomWithMembers(baseURL: string, count: number, label = 'caller') {
  const users: CallUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const account = newAccount(`${label}${i + 1}`);
    const { token, user } = await registerViaApi(baseURL, account);
    users.push({ name: account.name, email: account.email, token, id: user.id });
  }
  const { room } = await api<{ room: { id: string; code: string; name: string } }>(
    baseURL,
    '/rooms',
    users[0]!.token,
    {
      name: `Live room ${Date.now().toString(36)}`,
      subject: 'Physics',
      description: 'Mechanics revision',
      isPrivate: true,
      maxMembers: 50,
      tags: [],
    },
  );
  for (const user of users.slice(1))
    await api(baseURL, '/rooms/join', user.token, { code: room.code });
  return { room, users };
}

/**
 * Gives `user` an uploaded picture, as the profile page would save it: a JPEG data URL drawn by
 * the browser (a coloured disc with a letter), returned so a test can look for it.
 */
export async function uploadAvatar(
  page: Page,
  baseURL: string,
  user: Pick<CallUser, 'token'>,
  colour = '#0e7490',
): Promise<string> {
  const picture = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 120;
    const g = canvas.getContext('2d')!;
    g.fillStyle = fill;
    g.fillRect(0, 0, 120, 120);
    g.fillStyle = '#fde68a';
    g.beginPath();
    g.arc(60, 48, 24, 0, Math.PI * 2);
    g.fill();
    g.fillRect(22, 82, 76, 38);
    return canvas.toDataURL('image/jpeg', 0.8);
  }, colour);
  const res = await fetch(`${baseURL}/api/auth/profile`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ profilePic: picture }),
  });
  if (!res.ok) throw new Error(`avatar upload: ${res.status} ${await res.text()}`);
  return picture;
}

/**
 * A browser context signed in as `user` (the token stored as the app stores it). Every
 * RTCPeerConnection the page makes is also kept on `window.__pcs`, so a test can read its
 * statistics the way a WebRTC debugging page would, without any hook in the app.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  user: CallUser,
  options: Parameters<Browser['newContext']>[0] & { forceRelay?: boolean } = {},
): Promise<BrowserContext> {
  const { forceRelay = false, ...contextOptions } = options;
  const context = await browser.newContext({ baseURL, ...contextOptions });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', token);
  }, user.token);
  // `relay` forces every connection through TURN, as a browser behind a strict NAT would need:
  // a switch that exists only in this test harness, never in the app.
  await context.addInitScript((relay: boolean) => {
    const w = window as unknown as { __pcs: RTCPeerConnection[] };
    w.__pcs = [];
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(relay ? { ...config, iceTransportPolicy: 'relay' } : config);
        w.__pcs.push(this);
      }
    } as typeof RTCPeerConnection;
  }, forceRelay);
  return context;
}

/** Fails the test on any console.error in the page (the quality bar: none unexpected). */
export function failOnConsoleErrors(page: Page, allow: RegExp[] = []) {
  const errors = watchErrors(page, { ignore: allow });
  return () => expect(errors, 'console errors').toEqual([]);
}

export class CallScreen {
  constructor(readonly page: Page) {}

  /** Opens the call's route and joins from its pre-join step with what it shows. */
  async open(roomId: string) {
    await this.page.goto(`/rooms/call/room/${roomId}`);
    await this.joinNow();
  }

  /** The pre-join step (docs/decisions/0073-pre-join.md): "Join now" starts the join. */
  async joinNow() {
    await this.page.getByRole('button', { name: 'Join now' }).click();
  }

  get grid(): Locator {
    return this.page.getByTestId('video-grid');
  }

  get count(): Locator {
    return this.page.getByTestId('participant-count');
  }

  remoteTile(name: string): Locator {
    return this.page.locator(`[data-testid="remote-tile"][data-peer-name="${name}"]`);
  }

  get localTile(): Locator {
    return this.page.getByTestId('local-tile');
  }

  /** A person's shared screen, a tile of its own beside their camera's. */
  remoteScreen(name: string): Locator {
    return this.page.locator(`[data-testid="remote-screen"][data-peer-name="${name}"]`);
  }

  get localScreen(): Locator {
    return this.page.getByTestId('local-screen');
  }

  control(name: string): Locator {
    return this.page.getByRole('toolbar', { name: 'Call controls' }).getByRole('button', {
      name,
      exact: true,
    });
  }

  /** The "Raised hands" list (shown while a hand is up). */
  get handQueue(): Locator {
    return this.page.getByRole('region', { name: 'Raised hands' });
  }

  /** The places of the "Raised hands" list, in order. */
  get raisedHands(): Locator {
    return this.handQueue.getByRole('listitem');
  }

  get chat(): Locator {
    return this.page.getByRole('region', { name: 'In-call messages' });
  }

  get chatInput(): Locator {
    return this.chat.getByPlaceholder('Send a message');
  }

  /** A toast with exactly this text (the toasts' polite live region). */
  toast(text: string): Locator {
    return this.page
      .locator('div[role="status"][aria-live="polite"] li p')
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  }

  /** Two cores shared by several browsers: joining (media, socket, join) can take a while. */
  async expectInCall(participants: number) {
    await expect(this.count).toHaveText(
      `${participants} ${participants === 1 ? 'participant' : 'participants'}`,
      { timeout: 30_000 },
    );
  }

  /**
   * Waits until the remote tile of `name` shows real, moving video: a decoded frame size and the
   * frame counter advancing (the fake camera draws a moving pattern). Frames are counted on one
   * and the same element showing one and the same stream: right after a reconnect the tile can
   * still show the last frame of a link that has died (its counter frozen, often in the hundreds),
   * and the rebuilt link's stream starts again from zero. A baseline taken from the frozen stream
   * would ask the new one to outrun it (on a loaded machine, more than 15 s at 12 frames a second),
   * and a frozen stream must never pass either.
   */
  async expectVideoFrom(name: string, timeout = 30_000) {
    await this.expectFramesIn(this.remoteTile(name), `video from ${name}`, timeout);
  }

  /** As expectVideoFrom, for the screen `name` shares. */
  async expectScreenFrom(name: string, timeout = 30_000) {
    await this.expectFramesIn(this.remoteScreen(name), `the screen of ${name}`, timeout);
  }

  private async expectFramesIn(tile: Locator, what: string, timeout: number) {
    const video = tile.locator('video');
    await expect(video).toHaveCount(1, { timeout });
    const sample = () =>
      video.evaluate((v: HTMLVideoElement) => {
        // An id per element and per stream object (track ids are no help: a receiver's track
        // takes the sender's id, the same on the old and the new connection).
        const tag = (o: object) => {
          const tagged = o as { __probe?: string };
          return (tagged.__probe ??= Math.random().toString(36).slice(2));
        };
        return {
          source: `${tag(v)}/${v.srcObject ? tag(v.srcObject) : 'none'}`,
          width: v.videoWidth,
          frames: v.getVideoPlaybackQuality().totalVideoFrames,
          state: `paused=${v.paused} ready=${v.readyState} t=${v.currentTime} hidden=${document.hidden}`,
        };
      });
    let previous: Awaited<ReturnType<typeof sample>> | undefined;
    let last: Awaited<ReturnType<typeof sample>> | undefined;
    try {
      await expect
        .poll(
          async () => {
            const now = await sample().catch(() => undefined);
            const moving =
              !!now &&
              !!previous &&
              now.width > 0 &&
              now.source === previous.source &&
              now.frames > previous.frames;
            previous = now;
            if (now) last = now;
            return moving;
          },
          { timeout, intervals: [250, 500, 1000] },
        )
        .toBe(true);
    } catch (err) {
      const problem = !last?.width
        ? `no ${what}`
        : `${what} stalled: ${last.state} frames=${last.frames}`;
      throw new Error(`${problem}; ${await this.diagnostics()}`, { cause: err });
    }
  }

  /** What this page sends on its video sender(s): the track labels (fake camera or screen). */
  async sentVideoLabels(): Promise<string[]> {
    return this.page.evaluate(() =>
      (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs
        .filter((pc) => pc.connectionState !== 'closed')
        .flatMap((pc) => pc.getSenders())
        .filter((s) => s.track?.kind === 'video')
        .map((s) => s.track!.label),
    );
  }

  /** The open connections' local SDP: unchanged means nothing was renegotiated. */
  async localDescriptions(): Promise<string[]> {
    return this.page.evaluate(() =>
      (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs
        .filter((pc) => pc.connectionState !== 'closed')
        .map((pc) => pc.localDescription?.sdp ?? ''),
    );
  }

  /** The selected ICE candidate pairs' local and remote candidate types (host, relay ...). */
  async selectedCandidateTypes(): Promise<{ local: string; remote: string }[]> {
    return this.page.evaluate(async () => {
      const out: { local: string; remote: string }[] = [];
      for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
        if (pc.connectionState === 'closed') continue;
        const stats = await pc.getStats();
        const byId = new Map<string, Record<string, unknown>>();
        stats.forEach((s: Record<string, unknown>) => byId.set(s.id as string, s));
        for (const s of byId.values()) {
          if (s.type !== 'transport' || !s.selectedCandidatePairId) continue;
          const pair = byId.get(s.selectedCandidatePairId as string);
          if (!pair) continue;
          out.push({
            local: String(byId.get(pair.localCandidateId as string)?.candidateType),
            remote: String(byId.get(pair.remoteCandidateId as string)?.candidateType),
          });
        }
      }
      return out;
    });
  }

  /**
   * Each connection this page ever made (closed ones too, in creation order), its state and video
   * counters, and which one feeds a remote tile now (`shown`): after a reconnect the first
   * connection is the closed one of before, and the one to look at is the newest.
   */
  async diagnostics(): Promise<string> {
    return this.page.evaluate(async () => {
      // The very track objects the tiles show (ids would not do: a receiver's track takes the
      // sender's id, the same on an old and a new connection).
      const shown = new Set(
        Array.from(
          document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-tile"] video'),
        ).flatMap((v) => (v.srcObject instanceof MediaStream ? v.srcObject.getTracks() : [])),
      );
      const rows: string[] = [];
      const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
      for (const [index, pc] of pcs.entries()) {
        let inbound = '';
        (await pc.getStats()).forEach((s: Record<string, unknown>) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video')
            inbound += ` in:bytes=${s.bytesReceived} decoded=${s.framesDecoded}`;
          if (s.type === 'outbound-rtp' && s.kind === 'video')
            inbound += ` out:bytes=${s.bytesSent} encoded=${s.framesEncoded}`;
        });
        const dirs = pc
          .getTransceivers()
          .map((t) => `${t.receiver.track.kind}:${t.currentDirection}`)
          .join(',');
        const feeds = pc.getReceivers().some((r) => shown.has(r.track)) ? ' shown' : '';
        rows.push(
          `pc${index} ${pc.connectionState}/${pc.signalingState}${feeds} [${dirs}]${inbound}`,
        );
      }
      return rows.join(' | ');
    });
  }

  /** The stage the tiles are laid out in (everything between the header, chat and bar). */
  get stage(): Locator {
    return this.page.getByRole('region', { name: 'Participants' });
  }

  /** The large view a shared screen or a pinned tile takes. */
  get focusView(): Locator {
    return this.page.getByTestId('focus-view');
  }

  /** The toasts showing now. */
  get toasts(): Locator {
    return this.page.locator('div[role="status"][aria-live="polite"] li');
  }

  /**
   * Every remote tile on the grid now, by name, with its width as a share of the stage's. Read in
   * one pass without waiting, so a poll sees a tile that comes and goes instead of hanging on it.
   */
  async remoteTileShares(): Promise<{ name: string | null; share: number }[]> {
    return this.grid.getByTestId('remote-tile').evaluateAll((tiles) => {
      const stage = document.querySelector('[aria-label="Participants"]');
      const stageWidth = stage?.getBoundingClientRect().width ?? 0;
      return tiles.map((tile) => ({
        name: tile.getAttribute('data-peer-name'),
        share: stageWidth
          ? Math.round((tile.getBoundingClientRect().width / stageWidth) * 100) / 100
          : 0,
      }));
    });
  }

  /** A box's width as a share of the stage's width (0.5 is half the stage). */
  async widthShare(tile: Locator): Promise<number> {
    const [box, stage] = await Promise.all([tile.boundingBox(), this.stage.boundingBox()]);
    if (!box || !stage) throw new Error('tile or stage not on screen');
    return box.width / stage.width;
  }

  /** The tile's centre relative to the stage's, as shares of the stage's size (0, 0 is centred). */
  async offCentre(tile: Locator): Promise<{ x: number; y: number }> {
    const [box, stage] = await Promise.all([tile.boundingBox(), this.stage.boundingBox()]);
    if (!box || !stage) throw new Error('tile or stage not on screen');
    return {
      x: (box.x + box.width / 2 - (stage.x + stage.width / 2)) / stage.width,
      y: (box.y + box.height / 2 - (stage.y + stage.height / 2)) / stage.height,
    };
  }

  /** A box's height as a share of the stage's height. */
  async heightShare(tile: Locator): Promise<number> {
    const [box, stage] = await Promise.all([tile.boundingBox(), this.stage.boundingBox()]);
    if (!box || !stage) throw new Error('tile or stage not on screen');
    return box.height / stage.height;
  }

  /**
   * The room's name in the call header as shown: its text, and whether any of it is cut off (an
   * ellipsis or lines beyond the clamp: the box's content is larger than the box).
   */
  async headerTitle(): Promise<{ text: string; cut: boolean; right: number }> {
    return this.page.locator('header h1').evaluate((h1) => ({
      text: h1.textContent ?? '',
      cut: h1.scrollWidth > h1.clientWidth || h1.scrollHeight > h1.clientHeight,
      right: h1.getBoundingClientRect().right,
    }));
  }

  /**
   * The controls on screen (buttons and fields, the toasts' own left out) that a toast sits on:
   * what the page's topmost element at each control's centre belongs to, as a tap would find it.
   */
  async controlsUnderToasts(): Promise<string[]> {
    return this.page.evaluate(() => {
      const toasts = document.querySelector('div[role="status"][aria-live="polite"]');
      return Array.from(
        document.querySelectorAll<HTMLElement>('button, input, textarea, select, a[href]'),
      )
        .filter((el) => !toasts?.contains(el))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2;
          const y = r.top + r.height / 2;
          if (r.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
          const top = document.elementFromPoint(x, y);
          return !!top && !!toasts?.contains(top);
        })
        .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
    });
  }

  /** Columns the grid actually lays out (computed style), at this viewport. */
  async gridColumnCount(): Promise<number> {
    return this.grid.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length,
    );
  }

  /** Each grid column's width as a share of the stage's width. */
  async gridColumnShares(): Promise<number[]> {
    const [columns, stage] = await Promise.all([
      this.grid.evaluate((el) =>
        getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).map(parseFloat),
      ),
      this.stage.boundingBox(),
    ]);
    if (!stage) throw new Error('stage not on screen');
    return columns.map((width) => width / stage.width);
  }
}
