import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { startServer } from '@studycircle/test-kit';

/**
 * Diagnostic, not a bench (issue 21): a per-step timeline of re-joins against a host that stays,
 * to find where a slow join spends its time. Each page gets an init script that timestamps the
 * socket frames, fetches, RTCPeerConnection events and the camera track's frame count
 * (`track.stats`), so slow and fast runs can be compared step by step. Environment: RUNS (8),
 * SEPARATE=1 (the host in a browser of its own, so it has its own fake camera), STATS=1 (getStats
 * after the first frame), POLL=1 (getStats every 20 ms), CAM=1 (a frame reader on a clone of the
 * camera), PCX (JSON merged into every RTCConfiguration), CHROME_LOG (a --vmodule list; with
 * DEBUG=pw:browser, Chromium's log goes to stderr). Prints CAMGAPS (camera stalls over 250 ms, in
 * ms after the click) and STEPS lines. After `npm run build`: `node --import tsx call-setup-probe.ts`.
 */
const RUNS = Number(process.env.RUNS ?? 8);
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  ...(process.env.CHROME_LOG
    ? ['--enable-logging=stderr', '--v=0', `--vmodule=${process.env.CHROME_LOG}`]
    : []),
];

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

const INSTRUMENT = `window.__CAM = ${process.env.CAM === '1'};
window.__PCX = ${process.env.PCX ?? 'null'};

window.__name = (f) => f;
window.__ev = [];
const T = () => performance.timeOrigin + performance.now();
const log = (what, extra) => window.__ev.push([T(), what, extra ?? '']);
window.__log = log;
const WS = window.WebSocket;
window.WebSocket = class extends WS {
  constructor(...a) {
    super(...a);
    log('ws-new');
    this.addEventListener('open', () => log('ws-open'));
    this.addEventListener('message', (e) => { if (typeof e.data === 'string') log('ws-in', e.data.slice(0, 60)); });
  }
  send(d) { if (typeof d === 'string') log('ws-out', d.slice(0, 60)); super.send(d); }
};
const F = window.fetch;
window.fetch = (...a) => { const u = String(a[0] && a[0].url || a[0]); log('fetch', u); return F(...a).then((r) => { log('fetched', u); return r; }); };
{
  const G0 = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (c) => {
    const st = await G0(c);
    const v = st.getVideoTracks()[0];
    if (v) {
      window.__camTrack = v;
      let lastTotal = -1, lastAt = 0;
      window.__camGaps = [];
      const tick = () => {
        if (v.readyState === 'ended') return;
        const s = v.stats; const now = T();
        if (s && s.totalFrames !== lastTotal) {
          if (lastAt && now - lastAt > 250) window.__camGaps.push([lastAt, now]);
          lastTotal = s.totalFrames; lastAt = now;
        }
        setTimeout(tick, 25);
      };
      tick();
    }
    return st;
  };
}
if (window.__CAM) {
const GUM = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
navigator.mediaDevices.getUserMedia = async (c) => {
  log('gum', JSON.stringify(c).slice(0, 60));
  const stream = await GUM(c);
  log('gum-done', stream.getTracks().map((t) => t.kind + ':' + JSON.stringify(t.getSettings()).slice(0, 80)).join(' '));
  const v = stream.getVideoTracks()[0];
  if (v) {
    const reader = new MediaStreamTrackProcessor({ track: v.clone() }).readable.getReader();
    let last = 0, count = 0;
    (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) { log('cam-end'); return; }
        const now = T();
        count++;
        if (count === 1) log('cam-first', value.displayWidth + 'x' + value.displayHeight);
        else if (now - last > 150) log('cam-gap', Math.round(now - last) + 'ms ' + value.displayWidth + 'x' + value.displayHeight);
        last = now;
        value.close();
      }
    })();
  }
  return stream;
};
}
const PC = window.RTCPeerConnection;
let n = 0;
window.__pcs = [];
window.__poll = () => {
  const seen = {};
  const tick = async () => {
    for (const [i, pc] of window.__pcs.entries()) {
      if (pc.connectionState === 'closed') continue;
      const st = await pc.getStats();
      st.forEach((s) => {
        if (s.type === 'transport') { const k = i + 'tr'; const v = s.selectedCandidatePairId + ' ' + s.dtlsState; if (seen[k] !== v) { seen[k] = v; log('st-transport', (i + 1) + ' ' + v); } return; }
        if (s.kind !== 'video' && s.type !== 'candidate-pair') return;
        let key, val;
        if (s.type === 'outbound-rtp') { key = 'out'; val = [s.framesEncoded, s.framesSent, s.packetsSent, s.keyFramesEncoded].join('/'); }
        else if (s.type === 'inbound-rtp') { key = 'in'; val = [s.packetsReceived, s.framesReceived, s.framesDecoded, s.framesDropped, s.jitterBufferDelay && s.jitterBufferDelay.toFixed(3), s.freezeCount].join('/'); }
        else if (s.type === 'candidate-pair') { key = 'pair' + s.id; const l = st.get(s.localCandidateId); const r = st.get(s.remoteCandidateId); val = (l && l.address) + '>' + (r && r.address) + ' ' + s.state + (s.nominated ? ' NOM' : '') + ' rtt=' + s.currentRoundTripTime + ' req=' + s.requestsSent + ' resp=' + s.responsesReceived + ' bytes=' + s.bytesSent + (s.availableOutgoingBitrate ? ' aob=' + s.availableOutgoingBitrate : ''); val = val.replace(/ bytes=[0-9]+/, s.bytesSent > 0 ? ' flowing' : ' idle'); }
        else return;
        const k = i + key;
        if (seen[k] !== val) { seen[k] = val; log('st-' + key, (i + 1) + ' ' + val); }
      });
    }
    if (!window.__stopPoll) setTimeout(tick, 20);
  };
  window.__stopPoll = false;
  tick();
};
window.RTCPeerConnection = class extends PC {
  constructor(c) {
    c = Object.assign({}, c || {}, window.__PCX || {});
    super(c);
    const id = ++n;
    window.__pcs.push(this);
    log('pc-new', id + ' ' + JSON.stringify(c));
    this.addEventListener('signalingstatechange', () => log('pc-sig', id + ' ' + this.signalingState));
    this.addEventListener('iceconnectionstatechange', () => log('pc-ice', id + ' ' + this.iceConnectionState));
    this.addEventListener('icegatheringstatechange', () => log('pc-gather', id + ' ' + this.iceGatheringState));
    this.addEventListener('connectionstatechange', () => log('pc-conn', id + ' ' + this.connectionState));
    this.addEventListener('track', (e) => log('pc-track', id + ' ' + e.track.kind));
    this.addEventListener('icecandidate', (e) => log('pc-cand', id + ' ' + (e.candidate ? e.candidate.candidate.split(' ').slice(4, 8).join(' ') : 'end')));
    this.addEventListener('negotiationneeded', () => log('pc-nn', id));
  }
  setLocalDescription(...a) { log('pc-sld', n); return super.setLocalDescription(...a).then((r) => { log('pc-sld-done', this.localDescription && this.localDescription.type); return r; }); }
  setRemoteDescription(...a) { log('pc-srd', a[0] && a[0].type); return super.setRemoteDescription(...a).then((r) => { log('pc-srd-done', a[0] && a[0].type); return r; }); }
};
`;

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

async function inboundStats(page: Page) {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs.filter(
      (p) => p.connectionState !== 'closed',
    );
    const out: Record<string, unknown>[] = [];
    for (const pc of pcs) {
      const stats = await pc.getStats();
      stats.forEach((s) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video')
          out.push({
            dir: 'in',
            framesDecoded: s.framesDecoded,
            keyFramesDecoded: s.keyFramesDecoded,
            framesReceived: s.framesReceived,
            pli: s.pliCount,
            fir: s.firCount,
            nack: s.nackCount,
            packets: s.packetsReceived,
            w: s.frameWidth,
            decoder: s.decoderImplementation,
          });
        if (s.type === 'outbound-rtp' && s.kind === 'video')
          out.push({
            dir: 'out',
            framesEncoded: s.framesEncoded,
            keyFramesEncoded: s.keyFramesEncoded,
            framesSent: s.framesSent,
            pli: s.pliCount,
            fir: s.firCount,
            nack: s.nackCount,
            w: s.frameWidth,
            encoder: s.encoderImplementation,
            limit: s.qualityLimitationReason,
            resChanges: s.qualityLimitationResolutionChanges,
            lim: s.qualityLimitationDurations,
            h: s.frameHeight,
            huge: s.hugeFramesSent,
            bytes: s.bytesSent,
          });
      });
    }
    return out;
  });
}

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
  const contextFor = async (token: string, b = browser) => {
    const context = await b.newContext({ baseURL: base });
    await context.addInitScript(INSTRUMENT);
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    return context;
  };
  const guestToken = await register('guest');
  const hostToken = await register('host');
  const { room } = await api<{ room: { id: string; code: string } }>(base, '/rooms', hostToken, {
    name: 'Probe',
    subject: 'Benchmarks',
    isPrivate: true,
    tags: [],
  });
  await api(base, '/rooms/join', guestToken, { code: room.code });
  const guestContext: BrowserContext = await contextFor(guestToken);
  const hostContext = await contextFor(hostToken, hostBrowser);
  const host = await hostContext.newPage();
  await host.goto(`/rooms/call/room/${room.id}`);
  await host.getByText('Waiting for others...').waitFor();

  // Host self-view frame gaps (no extra sink: the tile's own video element).
  await host.evaluate(() => {
    const w = window as unknown as { __log: (a: string, b?: string) => void };
    let last = 0;
    let el: HTMLVideoElement | null = null;
    const step = (_: number, meta: { presentedFrames: number; width: number }) => {
      const now = performance.timeOrigin + performance.now();
      if (last && now - last > 200)
        w.__log('selfview-gap', Math.round(now - last) + 'ms ' + meta.width);
      last = now;
      el!.requestVideoFrameCallback(step as never);
    };
    const find = () => {
      el = document.querySelector<HTMLVideoElement>('[data-testid="local-tile"] video');
      if (el) el.requestVideoFrameCallback(step as never);
      else setTimeout(find, 50);
    };
    find();
  });
  for (let i = 0; i < RUNS; i += 1) {
    const guest = await guestContext.newPage();
    await guest.goto(`/rooms/room/${room.id}`);
    const join = guest.getByRole('button', { name: 'Join Video Call' });
    await join.waitFor();
    await guest.evaluate(() => {
      const w = window as unknown as {
        __t0?: number;
        __t1?: number;
        __log: (a: string, b?: string) => void;
      };
      document.addEventListener(
        'click',
        () => {
          w.__t0 ??= performance.timeOrigin + performance.now();
          w.__log('click');
        },
        { capture: true },
      );
      const watched = new WeakSet<HTMLVideoElement>();
      const watch = () => {
        if (w.__t1 !== undefined) return;
        const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-tile"] video');
        if (video?.srcObject && !watched.has(video)) {
          watched.add(video);
          w.__log('armed');
          video.requestVideoFrameCallback(() => {
            w.__t1 ??= performance.timeOrigin + performance.now();
            w.__log('first-frame');
          });
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    const hostMark = await host.evaluate(
      () => (window as unknown as { __ev: unknown[] }).__ev.length,
    );
    if (process.env.POLL === '1') {
      await host.evaluate(() => (window as unknown as { __poll: () => void }).__poll());
      await guest.evaluate(() => (window as unknown as { __poll: () => void }).__poll());
    }
    await join.click();
    await guest.waitForFunction(() => (window as unknown as { __t1?: number }).__t1, null, {
      timeout: 60_000,
    });
    const t0 = await guest.evaluate(() => (window as unknown as { __t0: number }).__t0);
    const t1 = await guest.evaluate(() => (window as unknown as { __t1: number }).__t1);
    if (process.env.STATS === '1') await new Promise((r) => setTimeout(r, 300));
    await host.evaluate(() => ((window as unknown as { __stopPoll: boolean }).__stopPoll = true));
    await guest.evaluate(() => ((window as unknown as { __stopPoll: boolean }).__stopPoll = true));
    const gStats = process.env.STATS === '1' ? await inboundStats(guest) : [];
    const hStats = process.env.STATS === '1' ? await inboundStats(host) : [];
    const gEv = (
      await guest.evaluate(() => (window as unknown as { __ev: [number, string, string][] }).__ev)
    ).filter((e) => e[0] >= t0 - 1);
    const hEv = (
      await host.evaluate(() => (window as unknown as { __ev: [number, string, string][] }).__ev)
    ).slice(hostMark);
    const all = [
      ...gEv.map((e) => ['G', ...e] as const),
      ...hEv.map((e) => ['H', ...e] as const),
    ].sort((a, b) => a[1] - b[1]);
    const gaps = async (pg: Page) =>
      (
        await pg.evaluate(
          () => (window as unknown as { __camGaps?: [number, number][] }).__camGaps ?? [],
        )
      )
        .filter(([a, b]) => b >= t0 - 200 && a <= t1)
        .map(([a, b]) => `${Math.round(a - t0)}..${Math.round(b - t0)}`);
    console.log(
      `CAMGAPS run ${i + 1} ${Math.round(t1 - t0)} host=[${(await gaps(host)).join(' ')}] guest=[${(await gaps(guest)).join(' ')}]`,
    );
    console.log(`\n=== run ${i + 1}: ${(t1 - t0).toFixed(0)} ms`);
    console.error(
      `=== run ${i + 1}: ${(t1 - t0).toFixed(0)} ms t0=${t0.toFixed(0)} t1=${t1.toFixed(0)}`,
    );
    if (process.env.VERBOSE !== '0')
      for (const [who, t, what, extra] of all) {
        if (what === 'ws-in' && String(extra).startsWith('3')) continue;
        if (what === 'ws-out' && String(extra).startsWith('2')) continue;
        console.log(`${(t - t0).toFixed(0).padStart(6)} ${who} ${what} ${extra}`);
      }
    const first = (who: string, what: string, pred: (x: string) => boolean = () => true) => {
      const e = all.find((x) => x[0] === who && x[2] === what && pred(String(x[3])));
      return e ? Math.round(e[1] - t0) : -1;
    };
    console.log(
      'STEPS',
      JSON.stringify({
        run: i + 1,
        total: Math.round(t1 - t0),
        joinSent: first('G', 'ws-out', (x) => x.includes('"join-room"')),
        usersInRoom: first('G', 'ws-in', (x) => x.includes('"users-in-room"')),
        offerSent: first('G', 'ws-out', (x) => x.includes('"offer"')),
        hostOffer: first('H', 'ws-in', (x) => x.includes('"offer"')),
        answerSent: first('H', 'ws-out', (x) => x.includes('"answer"')),
        answerIn: first('G', 'ws-in', (x) => x.includes('"answer"')),
        gGather: first('G', 'pc-gather'),
        gIceConn: first('G', 'pc-ice', (x) => x.endsWith('connected')),
        hConn: first('H', 'pc-conn', (x) => x.endsWith(' connected')),
        gConn: first('G', 'pc-conn', (x) => x.endsWith(' connected')),
        gumDone: first('G', 'gum-done'),
        armed: first('G', 'armed'),
        gCands: all.filter((x) => x[0] === 'G' && x[2] === 'pc-cand').length,
        hostOut: hStats.filter((x) => x.dir === 'out'),
        guestIn: gStats.filter((x) => x.dir === 'in'),
      }),
    );
    console.log('guest', JSON.stringify(gStats));
    console.log('host ', JSON.stringify(hStats));
    await guest.keyboard.press('l');
    await guest.waitForURL(/\/dashboard\/rooms$/);
    await guest.close();
    await host.getByText('Waiting for others...').waitFor();
  }
} finally {
  await browser.close();
  if (hostBrowser !== browser) await hostBrowser.close();
  await server.stop();
}
