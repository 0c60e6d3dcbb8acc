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
 * changes the size it receives, and an ICE restart keeps them coming. The `sfu-media` project runs
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
  const state = {
    pc: undefined as RTCPeerConnection | undefined,
    video: undefined as HTMLVideoElement | undefined,
    frames: 0,
    videoMid: undefined as string | undefined,
  };
  const api = {
    /** Joins, then publishes camera (two simulcast layers) and microphone. */
    async publish(room: string, key: string) {
      const joined = await rpc<{ feedId: number }>({ op: 'join', key, room, display: key });
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: true,
        video: { width: 640, height: 360, frameRate: 15 },
      });
      const pc = new RTCPeerConnection();
      state.pc = pc;
      trickle(pc, key, 'publisher');
      pc.addTransceiver(stream.getAudioTracks()[0]!, { direction: 'sendonly' });
      // Lowest layer first, and Janus told so (rid_order): substream 0 is then 320x180.
      pc.addTransceiver(stream.getVideoTracks()[0]!, {
        direction: 'sendonly',
        sendEncodings: [
          { rid: 'l', scaleResolutionDownBy: 2, maxBitrate: 150_000 },
          { rid: 'h', maxBitrate: 600_000 },
        ],
      });
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      const { answer } = await rpc<{ answer: RTCSessionDescriptionInit }>({
        op: 'publish',
        key,
        offer: { type: offer.type, sdp: offer.sdp, rid_order: 'lmh' },
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
      await rpc({ op: 'join', key, room, display: key });
      const pc = new RTCPeerConnection();
      state.pc = pc;
      trickle(pc, key, 'subscriber');
      const video = document.createElement('video');
      video.muted = true;
      video.autoplay = true;
      document.body.append(video);
      state.video = video;
      const count = () => {
        state.frames += 1;
        video.requestVideoFrameCallback(count);
      };
      video.requestVideoFrameCallback(count);
      pc.ontrack = (e) => {
        if (e.track.kind === 'video') video.srcObject = new MediaStream([e.track]);
      };
      const { offer, streams } = await rpc<{
        offer: RTCSessionDescriptionInit;
        streams: { mid: string; type: string }[];
      }>({ op: 'subscribe', key, streams: [{ feed }] });
      state.videoMid = streams.find((s) => s.type === 'video')?.mid;
      await api.answer(key, offer);
      return streams;
    },
    async answer(key: string, offer: RTCSessionDescriptionInit) {
      const pc = state.pc!;
      await pc.setRemoteDescription(offer);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await rpc({ op: 'answer', key, answer: { type: answer.type, sdp: answer.sdp } });
    },
    /** Frames the <video> has shown, and the size it shows. */
    shown() {
      return {
        frames: state.frames,
        width: state.video?.videoWidth ?? 0,
        height: state.video?.videoHeight ?? 0,
        ice: state.pc?.iceConnectionState,
      };
    },
    async substream(key: string, substream: number) {
      await rpc({ op: 'layers', key, layers: [{ mid: state.videoMid!, substream }] });
    },
    /** An ICE restart of the subscription: Janus's new offer, the page's answer. */
    async restart(key: string) {
      const { offer } = await rpc<{ offer: RTCSessionDescriptionInit }>({ op: 'restart', key });
      const before = state.pc!.remoteDescription?.sdp.match(/a=ice-ufrag:(\S+)/)?.[1];
      await api.answer(key, offer);
      const after = state.pc!.remoteDescription?.sdp.match(/a=ice-ufrag:(\S+)/)?.[1];
      return { before, after };
    },
    /** The local candidates the page's connection uses: only the namespace's address. */
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
  };
  window.sfu = api;
}

declare global {
  interface Window {
    /** What installClient puts in each page. */
    sfu: {
      publish(room: string, key: string): Promise<number>;
      sending(): Promise<{ rid: string; width: number; bytes: number }[]>;
      view(room: string, key: string, feed: number): Promise<{ mid: string; type: string }[]>;
      answer(key: string, offer: RTCSessionDescriptionInit): Promise<void>;
      shown(): { frames: number; width: number; height: number; ice?: RTCIceConnectionState };
      substream(key: string, substream: number): Promise<void>;
      restart(key: string): Promise<{ before?: string; after?: string }>;
      selectedLocal(): Promise<string[]>;
    };
  }
}

test('one page publishes two simulcast layers through Janus, another decodes them and switches layers', async () => {
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
  const publisherPage = await browser.newPage();
  const viewerPage = await browser.newPage();
  for (const page of [publisherPage, viewerPage]) {
    await page.goto(origin);
    await page.evaluate(installClient);
  }
  const publisher = <T>(fn: () => T | Promise<T>) => publisherPage.evaluate(fn);
  const viewer = <T>(fn: () => T | Promise<T>) => viewerPage.evaluate(fn);

  const feed = await publisherPage.evaluate(() => window.sfu.publish('room-a', 'ann'));
  // Two layers leave the publisher: 320 wide (l) and 640 (h).
  await expect
    .poll(() => publisher(() => window.sfu.sending()), { timeout: 30_000 })
    .toEqual([
      { rid: 'h', width: 640, bytes: expect.any(Number) },
      { rid: 'l', width: 320, bytes: expect.any(Number) },
    ]);

  const streams = await viewerPage.evaluate((f) => window.sfu.view('room-a', 'bob', f), feed);
  expect(streams.map((s) => s.type).sort()).toEqual(['audio', 'video']);
  // Frames decoded and shown, at the high layer first.
  await expect
    .poll(() => viewer(() => window.sfu.shown()), { timeout: 30_000 })
    .toMatchObject({ width: 640, height: 360 });
  const shown = (await viewer(() => window.sfu.shown())).frames;
  await expect.poll(() => viewer(() => window.sfu.shown().frames)).toBeGreaterThan(shown + 10);
  // Media used the namespace's address and nothing else.
  for (const page of [publisherPage, viewerPage]) {
    expect(await page.evaluate(() => window.sfu.selectedLocal())).toEqual([MEDIA_ADDRESS]);
  }

  // The low layer, then the high one again.
  await viewer(() => window.sfu.substream('bob', 0));
  await expect
    .poll(() => viewer(() => window.sfu.shown()), { timeout: 20_000 })
    .toMatchObject({ width: 320, height: 180 });
  await viewer(() => window.sfu.substream('bob', 1));
  await expect
    .poll(() => viewer(() => window.sfu.shown()), { timeout: 20_000 })
    .toMatchObject({ width: 640, height: 360 });

  // An ICE restart of the subscription keeps the frames coming.
  const ufrags = await viewer(() => window.sfu.restart('bob'));
  expect(ufrags.after).toBeTruthy();
  expect(ufrags.after).not.toBe(ufrags.before);
  const beforeRestart = (await viewer(() => window.sfu.shown())).frames;
  await expect
    .poll(() => viewer(() => window.sfu.shown().frames), { timeout: 20_000 })
    .toBeGreaterThan(beforeRestart + 10);
});
