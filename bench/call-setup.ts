import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { startServer } from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';

/**
 * Call set-up time: from pressing "Join now" on the call's pre-join step (reached from the room
 * page's Join Video Call) to the first remote video frame, between two Chromium pages on this
 * machine, 10 runs each of two kinds: fresh joins (a
 * new room and a new host already in its call for every run) and re-joins (one host stays in the
 * call while the guest leaves with the L shortcut and joins again). Printed beside the floor
 * measured in the same run: a bare two-peer loopback in one page (getUserMedia, two
 * RTCPeerConnections, first remote frame), which no app can beat. The pre-join step is not counted
 * (decision 0073): the guest presses Join now once the preview has opened the devices, as someone
 * who looks at their preview does, so the app's figure no longer includes getUserMedia while the
 * floor's still does. Goals, for each
 * kind: median under 600 ms and every run under 900 ms. Smoke mode: 2 runs of each. Run after
 * `npm run build`; Debian's Chromium with fake camera and microphone.
 *
 * Both figures end at the first remote frame presented: a requestVideoFrameCallback registered as
 * soon as the video element has its stream. (Before the call's set-up was tuned the app's callback
 * was registered only once the element reported a size, that is after the first frame, so the app
 * was timed to its second frame, up to a frame interval later than the floor's.)
 *
 * Each re-join also lists the camera stalls seen while it was under way (gaps over 250 ms in the
 * camera track's frame count, `MediaStreamTrack.stats`, on the host's and the guest's page, in ms
 * after the click): the mark of most slow runs before decision 0030, where the host kept capture
 * frames after each re-join until the fake capture device's four frame buffers, shared by every
 * page of one browser, ran out (decision 0030; frames dropped before the track counts them go
 * unseen). Host and guest are pages of one browser, the harder case: a page that keeps frames
 * stalls the other's camera too. SEPARATE=1 puts the hosts in a browser process of their own (their
 * own fake camera, as two people have), to compare.
 */

const RUNS = size(10, 2);
const MEDIAN_GOAL_MS = 600;
const EVERY_RUN_GOAL_MS = 900;
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function api<T>(base: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The floor: two peers in one page, from getUserMedia to the first decoded remote frame. */
async function bareLoopback(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const t0 = performance.now();
    const stream = await navigator.mediaDevices.getUserMedia({
      audio: true,
      video: { width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    const a = new RTCPeerConnection();
    const b = new RTCPeerConnection();
    a.onicecandidate = (e) => e.candidate && void b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && void a.addIceCandidate(e.candidate);
    const video = document.createElement('video');
    video.muted = true;
    video.autoplay = true;
    document.body.append(video);
    const frame = new Promise<number>((resolve) => {
      b.ontrack = (e) => {
        if (e.track.kind !== 'video') return;
        video.srcObject = new MediaStream([e.track]);
        video.requestVideoFrameCallback(() => resolve(performance.now()));
      };
    });
    for (const track of stream.getTracks()) a.addTrack(track, stream);
    await a.setLocalDescription();
    await b.setRemoteDescription(a.localDescription!);
    await b.setLocalDescription();
    await a.setRemoteDescription(b.localDescription!);
    const t1 = await frame;
    a.close();
    b.close();
    stream.getTracks().forEach((t) => t.stop());
    video.remove();
    return t1 - t0;
  });
}

printLoad();
// A temporary data folder (no DATA_DIR given), removed by server.stop().
const server = await startServer({
  env: { LOG_LEVEL: 'warn', ICE_SERVERS: '[]', RATE_LIMIT_FACTOR: '50' },
  timeoutMs: 60_000,
});
const base = server.baseUrl;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
const hostBrowser =
  process.env.SEPARATE === '1'
    ? await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS })
    : browser;
try {
  let accounts = 0;
  const register = async (who: string) => {
    const stamp = `${Date.now().toString(36)}-${(accounts += 1)}`;
    const { token } = await api<{ token: string }>(base, '/auth/register', null, {
      name: `${who} ${stamp}`,
      email: `${who}-${stamp}@example.com`,
      password: 'Secret123',
    });
    return token;
  };
  /** A new private room of `hostToken`'s that `guestToken` has joined by code. */
  const roomFor = async (hostToken: string, guestToken: string) => {
    const { room } = await api<{ room: { id: string; code: string } }>(base, '/rooms', hostToken, {
      name: `Bench ${accounts}`,
      subject: 'Benchmarks',
      isPrivate: true,
      tags: [],
    });
    await api(base, '/rooms/join', guestToken, { code: room.code });
    return room.id;
  };

  // tsx keeps function names with a `__name` helper that functions passed to page.evaluate carry
  // into the page; give the page a no-op one.
  const KEEP_NAMES = 'window.__name = (f) => f;';
  // Camera stalls: gaps over 250 ms in the camera track's frame count, polled every 25 ms, as
  // [from, to] on the shared clock (timeOrigin + now) so the host's and the guest's line up.
  const CAMERA_STALLS = `{
    window.__camGaps = [];
    const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (c) => {
      const stream = await gum(c);
      const track = stream.getVideoTracks()[0];
      let frames = -1, at = 0;
      const tick = () => {
        if (!track || track.readyState === 'ended' || !track.stats) return;
        const now = performance.timeOrigin + performance.now();
        if (track.stats.totalFrames !== frames) {
          if (at && now - at > 250) window.__camGaps.push([at, now]);
          frames = track.stats.totalFrames;
          at = now;
        }
        setTimeout(tick, 25);
      };
      tick();
      return stream;
    };
  }`;
  const contextFor = async (token: string, b = browser) => {
    const context = await b.newContext({ baseURL: base });
    await context.addInitScript(KEEP_NAMES);
    await context.addInitScript(CAMERA_STALLS);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    return context;
  };
  const hostInCall = async (context: BrowserContext, roomId: string) => {
    const host = await context.newPage();
    await host.goto(`/rooms/call/room/${roomId}`);
    await host.getByRole('button', { name: 'Join now' }).click();
    await host.getByText('Waiting for others...').waitFor();
    return host;
  };

  /**
   * Opens the room page as the guest, clicks Join Video Call, waits on the pre-join step until the
   * preview has the devices, presses Join now; returns that press to the first remote frame.
   */
  const timeJoin = async (guestContext: BrowserContext, roomId: string) => {
    const guest = await guestContext.newPage();
    await guest.goto(`/rooms/room/${roomId}`);
    await guest.getByRole('button', { name: 'Join Video Call' }).click();
    const join = guest.getByRole('button', { name: 'Join now' });
    await join.waitFor();
    // The devices are open (the switches come alive with them): the pre-join step is done.
    await guest
      .getByRole('button', { name: /^Camera (on|off)$/ })
      .and(guest.locator(':enabled'))
      .waitFor();
    // Timed inside the page: the Join now click (capture phase) to the first remote frame presented.
    await guest.evaluate(() => {
      const w = window as unknown as { __t0?: number; __t1?: number };
      const now = () => performance.timeOrigin + performance.now();
      document.addEventListener('click', () => (w.__t0 ??= now()), { capture: true });
      const watched = new WeakSet<HTMLVideoElement>();
      const watch = () => {
        if (w.__t1 !== undefined) return;
        const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-tile"] video');
        // Armed before any frame arrives (a re-rendered tile's new element is armed too).
        if (video?.srcObject && !watched.has(video)) {
          watched.add(video);
          video.requestVideoFrameCallback(() => (w.__t1 ??= now()));
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await join.click();
    await guest.waitForFunction(() => (window as unknown as { __t1?: number }).__t1, null, {
      timeout: 60_000,
    });
    const [t0, t1] = await guest.evaluate(() => {
      const w = window as unknown as { __t0: number; __t1: number };
      return [w.__t0, w.__t1] as const;
    });
    return { guest, ms: t1 - t0, t0, t1 };
  };
  /** A page's camera stalls that overlapped [t0, t1], in ms after t0. */
  const stallsIn = async (page: Page, t0: number, t1: number) =>
    (await page.evaluate(() => (window as unknown as { __camGaps: [number, number][] }).__camGaps))
      .filter(([from, to]) => to >= t0 && from <= t1)
      .map(([from, to]) => `${Math.round(from - t0)}..${Math.round(to - t0)}`);

  // Fresh joins: a new host account, room and host page for every run.
  const guestToken = await register('guest');
  const guestContext = await contextFor(guestToken);
  const freshTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const hostToken = await register('host');
    const roomId = await roomFor(hostToken, guestToken);
    const hostContext = await contextFor(hostToken, hostBrowser);
    await hostInCall(hostContext, roomId);
    const { guest, ms } = await timeJoin(guestContext, roomId);
    freshTimes.push(ms);
    await guest.close();
    await hostContext.close();
  }

  // Re-joins: one host stays in the call; the guest leaves (L) and joins again.
  const hostToken = await register('host');
  const roomId = await roomFor(hostToken, guestToken);
  const host = await hostInCall(await contextFor(hostToken, hostBrowser), roomId);
  const rejoinTimes: number[] = [];
  const stalls: string[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const { guest, ms, t0, t1 } = await timeJoin(guestContext, roomId);
    rejoinTimes.push(ms);
    const [h, g] = [await stallsIn(host, t0, t1), await stallsIn(guest, t0, t1)];
    if (h.length + g.length > 0)
      stalls.push(
        `run ${i + 1} (${ms.toFixed(0)} ms): host ${h.join(' ') || '-'}, guest ${g.join(' ') || '-'}`,
      );
    // L asks "Leave the call?" first (a stray key must not end a call); Leave confirms.
    await guest.keyboard.press('l');
    await guest.getByRole('dialog').getByRole('button', { name: 'Leave', exact: true }).click();
    await guest.waitForURL(/\/dashboard\/rooms$/);
    await guest.close();
    await host.getByText('Waiting for others...').waitFor();
  }

  const floorContext = await browser.newContext({ baseURL: base });
  await floorContext.addInitScript(KEEP_NAMES);
  const floorPage = await floorContext.newPage();
  await floorPage.goto('/');
  const floorTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) floorTimes.push(await bareLoopback(floorPage));

  const floor = median(floorTimes);
  console.log(
    `Call set-up, ${RUNS} runs each (ms); host and guest ${hostBrowser === browser ? 'in one browser (one shared fake camera)' : 'in two browser processes'}`,
  );
  console.log(`  bare two-peer loopback, one page, median: ${floor.toFixed(0)}`);
  for (const [kind, times] of [
    ['fresh join', freshTimes],
    ['re-join, host stays', rejoinTimes],
  ] as const) {
    const m = median(times);
    const worst = Math.max(...times);
    console.log(
      `  ${kind}: Join now -> first remote frame, median ${m.toFixed(0)} ` +
        `(${(m / floor).toFixed(2)}x the floor); runs: ${times.map((t) => t.toFixed(0)).join(', ')}`,
    );
    goal({
      name: `call set-up, ${kind}, median`,
      target: `< ${MEDIAN_GOAL_MS} ms`,
      actual: `${m.toFixed(0)} ms`,
      met: m < MEDIAN_GOAL_MS,
    });
    goal({
      name: `call set-up, ${kind}, slowest of ${RUNS}`,
      target: `< ${EVERY_RUN_GOAL_MS} ms`,
      actual: `${worst.toFixed(0)} ms`,
      met: worst < EVERY_RUN_GOAL_MS,
    });
  }
  console.log(
    `  re-joins with a camera stall over 250 ms (ms after Join now): ${stalls.length} of ${RUNS}` +
      stalls.map((s) => `\n    ${s}`).join(''),
  );
} finally {
  await browser.close();
  if (hostBrowser !== browser) await hostBrowser.close();
  await server.stop();
}
finish();
