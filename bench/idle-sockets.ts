import { io as connectSocket, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { createThrowawayDatabase, freePort } from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';
import { population, startPinned } from './lib/live.js';

/**
 * Idle capacity: the heap one authenticated, idle Socket.IO connection costs, from the heap growth
 * (after garbage collection) of opening N of them, against a bare `ws` server's idle connections
 * in the same run. Goal (issue 21): at most 8 KB per socket, over 130,000 per GiB of heap. What a
 * socket keeps is listed in docs/decisions/0020-what-an-idle-socket-keeps.md. Smoke mode: 200
 * connections.
 */

const N = Number(process.env.BENCH_SOCKETS ?? size(4000, 200));
const WARM = size(200, 50);
const GOAL_KB = 8;
const GIB = 1024 ** 3;

async function heapUsed(base: string): Promise<number> {
  const res = await fetch(`${base}/__heap`);
  return ((await res.json()) as { heapUsed: number }).heapUsed;
}

async function inBatches<T>(count: number, open: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += 100) {
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, count - i) }, (_, j) => open(i + j)),
      )),
    );
  }
  return out;
}

async function perSocket(base: string, open: (i: number) => Promise<{ close(): void }>) {
  // Warm every code path first (JIT, pools, first-connection allocations), then measure.
  const warm = await inBatches(WARM, open);
  await new Promise((r) => setTimeout(r, 1000));
  const before = await heapUsed(base);
  const sockets = await inBatches(N, open);
  await new Promise((r) => setTimeout(r, 2000));
  const after = await heapUsed(base);
  for (const s of [...warm, ...sockets]) s.close();
  return (after - before) / N;
}

printLoad();
const database = await createThrowawayDatabase({ prefix: 'sc_bench_idle' });
const appPort = await freePort();
const barePort = await freePort();
console.log(`Idle capacity: heap per idle connection, ${N} connections each`);

const bare = await startPinned(
  'bench/servers/bare-chat-server.ts',
  { PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/health`,
  0,
);
let bareBytes: number;
try {
  bareBytes = await perSocket(`http://127.0.0.1:${barePort}`, async (i) => {
    const ws = new WebSocket(`ws://127.0.0.1:${barePort}/?room=${i % 100}`, {
      perMessageDeflate: false,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return { close: () => ws.close() };
  });
} finally {
  await bare.stop();
}

const app = await startPinned(
  'bench/servers/live-app-server.ts',
  {
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: '/tmp/sc-bench-idle',
    JWT_SECRET: 'bench-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'silent',
  },
  `http://127.0.0.1:${appPort}/api/health`,
  0,
);
let ourBytes: number;
try {
  const base = `http://127.0.0.1:${appPort}`;
  const { tokens } = await population(base, 10, 1);
  ourBytes = await perSocket(base, async (i) => {
    const s: Socket = connectSocket(base, {
      transports: ['websocket'],
      auth: { token: tokens[i % tokens.length] },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return { close: () => s.disconnect() };
  });
} finally {
  await app.stop();
  await database.drop();
}

const ours = Math.floor(GIB / ourBytes);
console.log(`bare ws (baseline)       ${(bareBytes / 1024).toFixed(2)} KB heap per connection`);
console.log(
  `StudyCircle (Socket.IO)  ${(ourBytes / 1024).toFixed(2)} KB heap per authenticated connection ` +
    `(${(ourBytes / bareBytes).toFixed(2)}x bare)`,
);
console.log(`Authenticated idle sockets per GiB of heap: ${ours.toLocaleString('en')}`);
goal({
  name: 'heap per authenticated idle socket',
  target: `<= ${GOAL_KB} KB`,
  actual: `${(ourBytes / 1024).toFixed(2)} KB`,
  met: ourBytes <= GOAL_KB * 1024,
});
finish();
