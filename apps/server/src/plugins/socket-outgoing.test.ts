import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME_ERROR_CODES, REALTIME_LIMITS, type Ack } from '@studycircle/shared';
import { startTestApp, type TestApp } from '../test/app.js';
import { connected, roomWithMembers } from '../test/live.js';

/**
 * A client that stops reading must not make the server hold what others send it
 * (docs/decisions/0016-socket-limits.md): a second socket of the same account, on a raw websocket
 * that pauses its TCP socket and answers pings blindly, while the first relays offers to it as fast
 * as it can. The server runs in this process, so its heap is this process's heap.
 */

// Collecting garbage before each reading makes the heap show what is held, not what is pending.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 ** 2;
};

let t: TestApp;

beforeAll(async () => {
  // The per-socket and per-account limits would slow the flood down; the buffer cap alone must
  // hold it, so the limits are raised out of the way here.
  t = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
});
afterAll(async () => {
  await t?.close();
});

/**
 * Socket.IO spoken by hand over a `ws` websocket (engine.io protocol 4): enough to connect with a
 * token, send an event with an ack and read the answer, then stop reading.
 */
async function rawSocketIo(baseUrl: string, token: string) {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text === '2') ws.send('3');
    frames.push(text);
    for (const w of waiters.splice(0)) w();
  });
  const frame = async (match: (f: string) => boolean): Promise<string> => {
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  await frame((f) => f.startsWith('0{'));
  ws.send(`40${JSON.stringify({ token })}`);
  const sid = (JSON.parse((await frame((f) => f.startsWith('40{'))).slice(2)) as { sid: string })
    .sid;
  let ackId = 0;
  return {
    sid,
    ws,
    async emitWithAck(event: string, payload: unknown): Promise<unknown> {
      ackId += 1;
      const id = ackId;
      ws.send(`42${id}${JSON.stringify([event, payload])}`);
      const reply = await frame((f) => f.startsWith(`43${id}[`));
      return (JSON.parse(reply.slice(2 + String(id).length)) as unknown[])[0];
    },
    /** Stops reading from the TCP socket, but keeps answering pings without reading them. */
    stopReading() {
      (ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const pong = setInterval(() => ws.send('3'), 500);
      ws.once('close', () => clearInterval(pong));
      return () => clearInterval(pong);
    },
  };
}

describe('a socket that stops reading', () => {
  it('is disconnected once its outgoing buffer passes the cap, and server memory stays bounded', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const sender = await connected(t.baseUrl, owner.token);
    const victim = await rawSocketIo(t.baseUrl, owner.token);
    try {
      expect(await sender.emitWithAck('join-room', { roomId: room.id, name: 'n' })).toMatchObject({
        ok: true,
      });
      expect(await victim.emitWithAck('join-room', { roomId: room.id })).toMatchObject({
        ok: true,
      });
      const stopPongs = victim.stopReading();
      const before = heapMb();

      // An offer over the size cap is refused before it is relayed.
      const huge = { type: 'offer' as const, sdp: 'v'.repeat(60 * 1024) };
      expect(await sender.emitWithAck('offer', { to: victim.sid, sdp: huge })).toMatchObject({
        ok: false,
        code: REALTIME_ERROR_CODES.validation,
      });

      // 1,500 offers just under the cap: 45 MB sent at a socket that reads nothing.
      const sdp = { type: 'offer' as const, sdp: 'v'.repeat(REALTIME_LIMITS.sdpMax - 64) };
      const started = Date.now();
      const acks: Ack[] = [];
      for (let batch = 0; batch < 15; batch++) {
        acks.push(
          ...(await Promise.all(
            Array.from(
              { length: 100 },
              () => sender.emitWithAck('offer', { to: victim.sid, sdp }) as Promise<Ack>,
            ),
          )),
        );
      }
      const peak = heapMb();
      stopPongs();

      // The server let go of the socket, soon, and refuses relays to it from then on.
      expect(t.app.io.sockets.sockets.has(victim.sid)).toBe(false);
      expect(Date.now() - started).toBeLessThan(20_000);
      const refused = acks.filter((a) => !a.ok);
      expect(refused.length).toBeGreaterThan(1000);
      expect(refused.at(-1)).toMatchObject({ code: REALTIME_ERROR_CODES.peerNotFound });
      // Holding the relayed offers would take ~90 MB (each as a string and a websocket frame);
      // the cap is 1 MiB. What is left is the test's own bookkeeping and noise.
      expect(peak - before).toBeLessThan(25);
      // The sender's own socket is untouched.
      expect(sender.connected).toBe(true);
    } finally {
      sender.disconnect();
      victim.ws.terminate();
    }
  });
});
