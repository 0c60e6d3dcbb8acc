import { chromium, expect, test, type Browser } from '@playwright/test';
import { join } from 'node:path';
import {
  createMediaNamespace,
  MEDIA_ADDRESS,
  MEDIA_INTERFACE,
  REPO_ROOT,
  spawnEntry,
  type MediaNamespace,
  type RunningProcess,
} from '@studycircle/test-kit';

/**
 * Media through Janus, end to end, in real Chromium (decision 0052): a network namespace holds
 * Janus (started by the server's SFU service), a test-only signalling stand-in
 * (apps/server/src/test/sfu-media-harness.ts) and the browser; nothing can leave it. One page
 * publishes its fake camera with simulcast (two layers) and trickled candidates; a second page
 * subscribes through the server-side client and decodes the frames; switching the substream
 * changes the size it receives. A third page publishes one smaller layer: the viewer hears of it,
 * adds its video to the same connection (update), then points its first m-line at it (switch);
 * an ICE restart keeps the frames coming. The `sfu-media` project runs
 * this only where Janus is installed and the namespace can be built (playwright.config.ts).
 */

const HARNESS = join(REPO_ROOT, 'apps/server/src/test/sfu-media-harness.ts');

let ns: MediaNamespace | undefined;
let harness: RunningProcess | undefined;
let browser: Browser | undefined;

test.afterAll(async () => {
  await browser?.close();
  await harness?.stop();
  ns?.remove();
});

/** Starts the harness inside the namespace; resolves with its origin once Janus answers. */
async function startHarness(namespace: MediaNamespace): Promise<string> {
  harness = spawnEntry(HARNESS, {
    wrapper: namespace.wrap([]),
    env: { JANUS_ICE_ENFORCE_LIST: MEDIA_INTERFACE, JANUS_RTP_PORTS: '20500-20599' },
  });
  const running = harness;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`harness silent:\n${running.output()}`)),
      60_000,
    );
    running.child.stdout?.on('data', () => {
      const match = /\{"port":(\d+)\}/.exec(running.stdout());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void running.exited.then(() => reject(new Error(`harness exited:\n${running.output()}`)));
  });
  return `http://127.0.0.1:${port}`;
}

/**
 * What each page runs: the calls to the harness and the WebRTC around them. Installed as
 * `window.sfu`; only this code in the page touches WebRTC.
 */
function installClient(): void {
  type Rpc = Record<string, unknown> & { op: string };
  const rpc = async <T>(body: Rpc): Promise<T> => {
    const res = await fetch('/rpc', { method: 'POST', body: JSON.stringify(body) });
    const json = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`${body.op}: ${json.error}`);
    return json;
  };
  /** Sends each candidate (and the end of gathering) to the handle, in order. */
  const trickle = (pc: RTCPeerConnection, key: string, role: 'publisher' | 'subscriber') => {
    let chain = Promise.resolve();
    pc.onicecandidate = (e) => {
      const candidate = e.candidate ? e.candidate.toJSON() : null;
      chain = chain.then(() => rpc({ op: 'trickle', key, role, candidate }).then(() => undefined));
    };
  };
  type Line = { mid: string; type: string; feed_id?: number };
  const state = {
    key: '',
    pc: undefined as RTCPeerConnection | undefined,
    /** One <video> per subscription m-line, and the frames it has shown. */
    videos: new Map<string, { el: HTMLVideoElement; frames: number }>(),
    lines: [] as Line[],
  };
  const api = {
    /**
     * Joins, then publishes microphone and camera: 640x360 in two simulcast layers, or one
     * layer at `width`x`height`.
     */
    async publish(room: string, key: string, single?: { width: number; height: number }) {
      state.key = key;
      const joined = await rpc<{ feedId: number }>({ op: 'join', key, room, display: key });
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: true,
        video: { ...(single ?? { width: 640, height: 360 }), frameRate: 15 },
      });
      const pc = new RTCPeerConnection();
      state.pc = pc;
      trickle(pc, key, 'publisher');
      pc.addTransceiver(stream.getAudioTracks()[0]!, { direction: 'sendonly' });
      // Lowest layer first, and Janus told so (rid_order): substream 0 is then 320x180.
      pc.addTransceiver(stream.getVideoTracks()[0]!, {
        direction: 'sendonly',
        ...(single
          ? {}
          : {
              sendEncodings: [
                { rid: 'l', scaleResolutionDownBy: 2, maxBitrate: 150_000 },
                { rid: 'h', maxBitrate: 600_000 },
              ],
            }),
      });
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      const { answer } = await rpc<{ answer: RTCSessionDescriptionInit }>({
        op: 'publish',
        key,
        offer: { type: offer.type, sdp: offer.sdp, ...(single ? {} : { rid_order: 'lmh' }) },
      });
      await pc.setRemoteDescription(answer);
      return joined.feedId;
    },
    /** The publisher's video encodings that are sending: rid, size, bytes. */
    async sending() {
      const stats = await state.pc!.getStats();
      const out: { rid: string; width: number; bytes: number }[] = [];
      stats.forEach((s: Record<string, unknown>) => {
        if (s.type === 'outbound-rtp' && s.kind === 'video') {
          out.push({
            rid: String(s.rid),
            width: Number(s.frameWidth ?? 0),
            bytes: Number(s.bytesSent),
          });
        }
      });
      return out.sort((a, b) => a.rid.localeCompare(b.rid));
    },
    /** Joins (without publishing) and subscribes to every stream of `feed`. */
    async view(room: string, key: string, feed: number) {
      state.key = key;
      await rpc({ op: 'join', key, room, display: key });
      const pc = new RTCPeerConnection();
      state.pc = pc;
      trickle(pc, key, 'subscriber');
      pc.ontrack = (e) => {
        const mid = e.transceiver.mid;
        if (e.track.kind !== 'video' || mid === null) return;
        const el = document.createElement('video');
        el.muted = true;
        el.autoplay = true;
        el.srcObject = new MediaStream([e.track]);
        document.body.append(el);
        const video = { el, frames: 0 };
        state.videos.set(mid, video);
        const count = () => {
          video.frames += 1;
          el.requestVideoFrameCallback(count);
        };
        el.requestVideoFrameCallback(count);
      };
      const { offer, streams } = await rpc<{ offer: RTCSessionDescriptionInit; streams: Line[] }>({
        op: 'subscribe',
        key,
        streams: [{ feed }],
      });
      state.lines = streams;
      await api.answer(offer);
      return streams;
    },
    /** Adds one stream to the subscription (a renegotiation Janus offers). */
    async add(feed: number, mid: string) {
      const { offer, streams } = await rpc<{ offer?: RTCSessionDescriptionInit; streams: Line[] }>({
        op: 'subscribe',
        key: state.key,
        streams: [{ feed, mid }],
      });
      state.lines = streams;
      if (offer) await api.answer(offer);
      return streams;
    },
    /** Points the subscription's m-line `subMid` at another feed's stream, no renegotiation. */
    async switchTo(subMid: string, feed: number, mid: string) {
      const { streams } = await rpc<{ streams: Line[] }>({
        op: 'switch',
        key: state.key,
        streams: [{ feed, mid, sub_mid: subMid }],
      });
      state.lines = streams;
      return streams;
    },
    async answer(offer: RTCSessionDescriptionInit) {
      const pc = state.pc!;
      await pc.setRemoteDescription(offer);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await rpc({ op: 'answer', key: state.key, answer: { type: answer.type, sdp: answer.sdp } });
    },
    /** Frames the <video> of m-line `mid` (the first video by default) has shown, and its size. */
    shown(mid?: string) {
      const video = state.videos.get(mid ?? state.lines.find((l) => l.type === 'video')!.mid);
      return {
        frames: video?.frames ?? 0,
        width: video?.el.videoWidth ?? 0,
        height: video?.el.videoHeight ?? 0,
      };
    },
    async substream(substream: number) {
      const mid = state.lines.find((l) => l.type === 'video')!.mid;
      await rpc({ op: 'layers', key: state.key, layers: [{ mid, substream }] });
    },
    /** An ICE restart of the subscription: Janus's new offer, the page's answer. */
    async restart() {
      const { offer } = await rpc<{ offer: RTCSessionDescriptionInit }>({
        op: 'restart',
        key: state.key,
      });
      const before = state.pc!.remoteDescription?.sdp.match(/a=ice-ufrag:(\S+)/)?.[1];
      await api.answer(offer);
      const after = state.pc!.remoteDescription?.sdp.match(/a=ice-ufrag:(\S+)/)?.[1];
      return { before, after };
    },
    /** The local addresses of the connection's selected candidate pairs. */
    async selectedLocal() {
      const byId = new Map<string, Record<string, unknown>>();
      (await state.pc!.getStats()).forEach((s: Record<string, unknown>) =>
        byId.set(String(s.id), s),
      );
      const addresses: string[] = [];
      for (const s of byId.values()) {
        if (s.type !== 'transport' || !s.selectedCandidatePairId) continue;
        const pair = byId.get(String(s.selectedCandidatePairId));
        addresses.push(String(byId.get(String(pair?.localCandidateId))?.address));
      }
      return addresses;
    },
    /** The SFU service's events about this page's participant, as the harness saw them. */
    async news() {
      const { events } = await rpc<{ events: { name: string; payload: { key: string } }[] }>({
        op: 'events',
        since: 0,
      });
      return events.filter((e) => e.payload.key === state.key).map((e) => e.payload);
    },
  };
  window.sfu = api;
}

type Line = { mid: string; type: string; feed_id?: number };

declare global {
  interface Window {
    /** What installClient puts in each page. */
    sfu: {
      publish(
        room: string,
        key: string,
        single?: { width: number; height: number },
      ): Promise<number>;
      sending(): Promise<{ rid: string; width: number; bytes: number }[]>;
      view(room: string, key: string, feed: number): Promise<Line[]>;
      add(feed: number, mid: string): Promise<Line[]>;
      switchTo(subMid: string, feed: number, mid: string): Promise<Line[]>;
      answer(offer: RTCSessionDescriptionInit): Promise<void>;
      shown(mid?: string): { frames: number; width: number; height: number };
      substream(substream: number): Promise<void>;
      restart(): Promise<{ before?: string; after?: string }>;
      selectedLocal(): Promise<string[]>;
      news(): Promise<{ key: string; event?: { type: string; [k: string]: unknown } }[]>;
    };
  }
}

test('media through Janus: simulcast layers, a second feed added and switched to, an ICE restart', async () => {
  test.setTimeout(180_000);
  ns = createMediaNamespace(`scm-${process.pid}`.slice(0, 15));
  const origin = await startHarness(ns);
  browser = await chromium.launch({
    executablePath: ns.browserExecutable(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      // Host candidates carry the namespace's address, not an mDNS name Janus would ignore.
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
  const [ann, bob, cy] = await Promise.all([
    browser.newPage(),
    browser.newPage(),
    browser.newPage(),
  ]);
  for (const page of [ann, bob, cy]) {
    await page.goto(origin);
    await page.evaluate(installClient);
  }

  const annFeed = await ann.evaluate(() => window.sfu.publish('room-a', 'ann'));
  // Two layers leave the publisher: 320 wide (l) and 640 (h).
  await expect
    .poll(() => ann.evaluate(() => window.sfu.sending()), { timeout: 30_000 })
    .toEqual([
      { rid: 'h', width: 640, bytes: expect.any(Number) },
      { rid: 'l', width: 320, bytes: expect.any(Number) },
    ]);

  const lines = await bob.evaluate((feed) => window.sfu.view('room-a', 'bob', feed), annFeed);
  expect(lines.map((l) => l.type).sort()).toEqual(['audio', 'video']);
  // Frames decoded and shown, at the high layer first.
  await expect
    .poll(() => bob.evaluate(() => window.sfu.shown()), { timeout: 30_000 })
    .toMatchObject({ width: 640, height: 360 });
  const shown = (await bob.evaluate(() => window.sfu.shown())).frames;
  await expect
    .poll(() => bob.evaluate(() => window.sfu.shown().frames))
    .toBeGreaterThan(shown + 10);
  // Media used the namespace's address and nothing else.
  for (const page of [ann, bob]) {
    expect(await page.evaluate(() => window.sfu.selectedLocal())).toEqual([MEDIA_ADDRESS]);
  }

  // The low layer, then the high one again.
  await bob.evaluate(() => window.sfu.substream(0));
  await expect
    .poll(() => bob.evaluate(() => window.sfu.shown()), { timeout: 20_000 })
    .toMatchObject({ width: 320, height: 180 });
  await bob.evaluate(() => window.sfu.substream(1));
  await expect
    .poll(() => bob.evaluate(() => window.sfu.shown()), { timeout: 20_000 })
    .toMatchObject({ width: 640, height: 360 });

  // A second publisher, one layer at 320x240: Bob hears of it and adds its video to the same
  // connection (Janus offers, Bob answers).
  const cyFeed = await cy.evaluate(() =>
    window.sfu.publish('room-a', 'cy', { width: 320, height: 240 }),
  );
  const cyVideoMid = async () => {
    for (const n of await bob.evaluate(() => window.sfu.news())) {
      if (n.event?.type !== 'publishers') continue;
      const feed = (n.event.feeds as { id: number; streams: Line[] }[]).find(
        (f) => f.id === cyFeed,
      );
      const video = feed?.streams.find((st) => st.type === 'video');
      if (video) return video.mid;
    }
    return undefined;
  };
  await expect.poll(cyVideoMid, { timeout: 20_000 }).toBeDefined();
  const cyMid = (await cyVideoMid())!;
  const annVideo = lines.find((l) => l.type === 'video')!.mid;
  const added = await bob.evaluate(([feed, mid]) => window.sfu.add(feed, mid), [
    cyFeed,
    cyMid,
  ] as const);
  const cyVideo = added.find((l) => l.feed_id === cyFeed && l.type === 'video')!.mid;
  expect(cyVideo).not.toBe(annVideo);
  await expect
    .poll(() => bob.evaluate((mid) => window.sfu.shown(mid), cyVideo), { timeout: 20_000 })
    .toMatchObject({ width: 320, height: 240 });

  // The first m-line switched from Ann's camera to Cy's, without renegotiating.
  const switched = await bob.evaluate(([sub, feed, mid]) => window.sfu.switchTo(sub, feed, mid), [
    annVideo,
    cyFeed,
    cyMid,
  ] as const);
  expect(switched.find((l) => l.mid === annVideo)?.feed_id).toBe(cyFeed);
  await expect
    .poll(() => bob.evaluate((mid) => window.sfu.shown(mid), annVideo), { timeout: 20_000 })
    .toMatchObject({ width: 320, height: 240 });

  // An ICE restart of the subscription keeps the frames coming.
  const ufrags = await bob.evaluate(() => window.sfu.restart());
  expect(ufrags.after).toBeTruthy();
  expect(ufrags.after).not.toBe(ufrags.before);
  const beforeRestart = (await bob.evaluate(() => window.sfu.shown())).frames;
  await expect
    .poll(() => bob.evaluate(() => window.sfu.shown().frames), { timeout: 20_000 })
    .toBeGreaterThan(beforeRestart + 10);
});
