import { chromium, type Page } from '@playwright/test';
import { startServer } from '@studycircle/test-kit';

/**
 * Call set-up time: from clicking Join Video Call on the room page to the first remote video
 * frame, between two Chromium pages on this machine (one already in the call), median of 10.
 * Printed beside the floor measured in the same run: a bare two-peer loopback in one page
 * (getUserMedia, two RTCPeerConnections, first remote frame), which no app can beat. Goal:
 * under 1 s. Run after `npm run build`; Debian's Chromium with fake camera and microphone.
 *
 * Both figures end at the first remote frame presented: a requestVideoFrameCallback registered as
 * soon as the video element has its stream. (Until issue 10's set-up work the app's callback was
 * registered only once the element reported a size, that is after the first frame, so the app
 * was timed to its second frame, up to a frame interval later than the floor's.)
 */

const RUNS = 10;
const GOAL_MS = 1000;
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

// A temporary data folder (no DATA_DIR given), removed by server.stop().
const server = await startServer({
  env: { LOG_LEVEL: 'warn', ICE_SERVERS: '[]', RATE_LIMIT_FACTOR: '50' },
  timeoutMs: 60_000,
});
const base = server.baseUrl;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
try {
  const stamp = Date.now().toString(36);
  const people = [];
  for (const who of ['host', 'guest']) {
    const email = `${who}-${stamp}@example.com`;
    const { token } = await api<{ token: string }>(base, '/auth/register', null, {
      name: `${who} ${stamp}`,
      email,
      password: 'Secret123',
    });
    people.push(token);
  }
  const [hostToken, guestToken] = people as [string, string];
  const { room } = await api<{ room: { id: string; code: string } }>(base, '/rooms', hostToken, {
    name: `Bench ${stamp}`,
    subject: 'Benchmarks',
    isPrivate: true,
    tags: [],
  });
  await api(base, '/rooms/join', guestToken, { code: room.code });

  // tsx keeps function names with a `__name` helper that functions passed to page.evaluate carry
  // into the page; give the page a no-op one.
  const KEEP_NAMES = 'window.__name = (f) => f;';
  const contextFor = async (token: string) => {
    const context = await browser.newContext({ baseURL: base });
    await context.addInitScript(KEEP_NAMES);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    return context;
  };
  const host = await (await contextFor(hostToken)).newPage();
  const guestContext = await contextFor(guestToken);
  await host.goto(`/rooms/call/room/${room.id}`);
  await host.getByText('Waiting for others...').waitFor();

  const appTimes: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const guest = await guestContext.newPage();
    await guest.goto(`/rooms/room/${room.id}`);
    const join = guest.getByRole('button', { name: 'Join Video Call' });
    await join.waitFor();
    // Timed inside the page: the click (capture phase) to the first remote frame presented.
    await guest.evaluate(() => {
      const w = window as unknown as { __t0?: number; __t1?: number };
      document.addEventListener('click', () => (w.__t0 ??= performance.now()), { capture: true });
      const watched = new WeakSet<HTMLVideoElement>();
      const watch = () => {
        if (w.__t1 !== undefined) return;
        const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-tile"] video');
        // Armed before any frame arrives (a re-rendered tile's new element is armed too).
        if (video?.srcObject && !watched.has(video)) {
          watched.add(video);
          video.requestVideoFrameCallback(() => (w.__t1 ??= performance.now()));
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await join.click();
    await guest.waitForFunction(() => (window as unknown as { __t1?: number }).__t1, null, {
      timeout: 60_000,
    });
    appTimes.push(
      await guest.evaluate(() => {
        const w = window as unknown as { __t0: number; __t1: number };
        return w.__t1 - w.__t0;
      }),
    );
    await guest.keyboard.press('l');
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

  const app = median(appTimes);
  const floor = median(floorTimes);
  console.log(`Call set-up, median of ${RUNS} (ms)`);
  console.log(`  bare two-peer loopback, one page:          ${floor.toFixed(0)}`);
  console.log(
    `  Join Video Call -> first remote frame:     ${app.toFixed(0)} (${(app / floor).toFixed(2)}x the floor; goal < ${GOAL_MS} ms: ${app < GOAL_MS ? 'met' : 'missed'})`,
  );
  console.log(`  runs: ${appTimes.map((t) => t.toFixed(0)).join(', ')}`);
} finally {
  await browser.close();
  await server.stop();
}
