import { performance } from 'node:perf_hooks';
import { io as connectSocket, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { ClientToServerEvents, ServerToClientEvents } from '@studycircle/shared';
import { createThrowawayDatabase, freePort } from '@studycircle/test-kit';
import { cpuMicros, percentile, pinSelf, population, startPinned } from './lib/live.js';

/**
 * Signalling under chat load: 1,000 sockets in 100 rooms (10 each), every room chatting, against
 * a bare `ws` server doing the same fan-out in the same run. The server runs on core 0 and this
 * load generator on core 1 (taskset). Prints server CPU microseconds per delivered message and
 * p50/p99 delivery latency (send to receipt, both timed here) for both, and the ratios.
 * Goals: CPU per delivery at most 1.5x the bare server's, p99 at most 2x, 100% delivered.
 * Our server stores every message in PostgreSQL (a separate process, not counted) before it
 * acknowledges and broadcasts it, as in production.
 */

const ROOMS = 100;
const PER_ROOM = 10;
const USERS = PER_ROOM;
const RATE = Number(process.env.BENCH_RATE ?? 200); // messages per second, all rooms together
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const SERVER_CORE = 0;
const LOAD_CORE = 1;

interface Harness {
  /** Sends message `seq` from member `member` of room `room`. */
  send(room: number, member: number, seq: number): void;
  close(): void;
}

interface Tally {
  sentAt: Map<number, number>;
  latencies: number[];
  delivered: number;
  acked: number;
}

const tally = (): Tally => ({ sentAt: new Map(), latencies: [], delivered: 0, acked: 0 });

function onDelivery(t: Tally, text: string) {
  const seq = Number(text.slice(2));
  const at = t.sentAt.get(seq);
  if (at === undefined) return;
  t.delivered += 1;
  t.latencies.push(performance.now() - at);
}

async function ourHarness(base: string, t: Tally): Promise<Harness> {
  const { tokens, roomIds } = await population(base, USERS, ROOMS);
  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[][] = [];
  for (let r = 0; r < ROOMS; r++) {
    const members = await Promise.all(
      Array.from({ length: PER_ROOM }, async (_, m) => {
        const s: Socket<ServerToClientEvents, ClientToServerEvents> = connectSocket(base, {
          transports: ['websocket'],
          auth: { token: tokens[m] },
          reconnection: false,
          forceNew: true,
        });
        await new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
        const joined = await s.emitWithAck('join-chat', { roomId: roomIds[r]! });
        if (!joined.ok) throw new Error(joined.message);
        s.on('chat-message', (msg) => onDelivery(t, msg.text));
        return s;
      }),
    );
    sockets.push(members);
  }
  return {
    send(room, member, seq) {
      t.sentAt.set(seq, performance.now());
      sockets[room]![member]!.emit(
        'chat-message',
        { roomId: roomIds[room]!, text: `k:${seq}`, id: `b${seq}` },
        (res) => {
          if (res.ok) t.acked += 1;
        },
      );
    },
    close() {
      for (const room of sockets) for (const s of room) s.disconnect();
    },
  };
}

async function bareHarness(port: number, t: Tally): Promise<Harness> {
  const sockets: WebSocket[][] = [];
  for (let r = 0; r < ROOMS; r++) {
    const members = await Promise.all(
      Array.from({ length: PER_ROOM }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/?room=${r}`, { perMessageDeflate: false });
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        ws.on('message', (data) => {
          const msg = JSON.parse(data.toString()) as { text?: string; ack?: string };
          if (msg.ack !== undefined) t.acked += 1;
          else if (msg.text) onDelivery(t, msg.text);
        });
        return ws;
      }),
    );
    sockets.push(members);
  }
  return {
    send(room, member, seq) {
      t.sentAt.set(seq, performance.now());
      sockets[room]![member]!.send(JSON.stringify({ text: `k:${seq}`, id: `b${seq}` }));
    },
    close() {
      for (const room of sockets) for (const ws of room) ws.close();
    },
  };
}

/** Sends at RATE for `seconds`, rooms in turn and members in turn within each room. */
async function drive(h: Harness, seconds: number, firstSeq: number): Promise<number> {
  const total = Math.round(RATE * seconds);
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const room = i % ROOMS;
    const member = Math.floor(i / ROOMS) % PER_ROOM;
    h.send(room, member, firstSeq + i);
  }
  return total;
}

async function measure(name: string, pid: number, h: Harness, t: Tally) {
  await drive(h, WARMUP_S, 0);
  await new Promise((r) => setTimeout(r, 1000));
  // Only the measured window counts: forget the warm-up.
  const first = 1_000_000;
  t.sentAt.clear();
  t.latencies.length = 0;
  t.delivered = 0;
  t.acked = 0;
  const cpu0 = cpuMicros(pid);
  const sent = await drive(h, DURATION_S, first);
  const expected = sent * (PER_ROOM - 1);
  const deadline = performance.now() + 10_000;
  while (t.delivered < expected && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const cpu = cpuMicros(pid) - cpu0;
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const result = {
    name,
    sent,
    acked: t.acked,
    delivered: t.delivered,
    expected,
    cpuPerDelivery: cpu / Math.max(1, t.delivered),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
  console.log(
    `${name.padEnd(22)} sent ${sent}, acked ${t.acked}, delivered ${t.delivered}/${expected} ` +
      `(${((100 * t.delivered) / expected).toFixed(2)}%), CPU ${result.cpuPerDelivery.toFixed(1)} µs/delivery, ` +
      `p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`,
  );
  return result;
}

pinSelf(LOAD_CORE);
const database = await createThrowawayDatabase({ prefix: 'sc_bench_signalling' });
const appPort = await freePort();
const barePort = await freePort();
console.log(
  `Signalling: ${ROOMS * PER_ROOM} sockets in ${ROOMS} rooms, ${RATE} chat messages/s for ${DURATION_S} s ` +
    `(each to ${PER_ROOM - 1} others); server on core ${SERVER_CORE}, load on core ${LOAD_CORE}`,
);

const results = [];
const bare = await startPinned(
  'bench/servers/bare-chat-server.ts',
  { PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/health`,
  SERVER_CORE,
);
try {
  const t = tally();
  const h = await bareHarness(barePort, t);
  results.push(await measure('bare ws (baseline)', bare.child.pid!, h, t));
  h.close();
} finally {
  await bare.stop();
}

const app = await startPinned(
  'bench/servers/live-app-server.ts',
  {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: '/tmp/sc-bench-signalling',
    JWT_SECRET: 'bench-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'silent',
  },
  `http://127.0.0.1:${appPort}/api/health`,
  SERVER_CORE,
);
try {
  const t = tally();
  const h = await ourHarness(`http://127.0.0.1:${appPort}`, t);
  results.push(await measure('StudyCircle (Socket.IO)', app.child.pid!, h, t));
  h.close();
} finally {
  await app.stop();
  await database.drop();
}

const [base, ours] = results as [(typeof results)[0], (typeof results)[0]];
const cpuRatio = ours.cpuPerDelivery / base.cpuPerDelivery;
const p99Ratio = ours.p99 / base.p99;
const complete = ours.delivered === ours.expected;
console.log(
  `CPU per delivery ${cpuRatio.toFixed(2)}x bare (goal <= 1.5x) ${cpuRatio <= 1.5 ? 'PASS' : 'FAIL'}; ` +
    `p99 ${p99Ratio.toFixed(2)}x bare (goal <= 2x) ${p99Ratio <= 2 ? 'PASS' : 'FAIL'}; ` +
    `delivered ${complete ? '100%' : `${((100 * ours.delivered) / ours.expected).toFixed(2)}%`} ` +
    `${complete ? 'PASS' : 'FAIL'}`,
);
process.exit(0);
