import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { createThrowawayDatabase, freePort } from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';
import { heapDiff, printHeapDiff } from './lib/heap-diff.js';
import { population, startPinned } from './lib/live.js';

/**
 * Idle capacity: the heap one authenticated, idle Socket.IO connection costs, from the heap growth
 * (after garbage collection) of opening N of them, against two floors in the same run: a bare
 * `ws` server's idle connections, and a bare Socket.IO server configured like ours that does
 * nothing else (Socket.IO's own cost). Goal: at most 8 KB per socket, over 130,000 per
 * GiB of heap. What a socket keeps is listed in docs/decisions/0020-what-an-idle-socket-keeps.md.
 * Smoke mode: 200 connections.
 *
 * BENCH_HEAP_DIFF=1 also writes a heap snapshot of each server before and after the measured
 * batch and prints what the batch added per connection, by owner and by kind (lib/heap-diff.ts):
 * how the decision record's table is made. The snapshots take a while; use BENCH_SOCKETS=1000.
 */

const N = Number(process.env.BENCH_SOCKETS ?? size(4000, 200));
const WARM = size(200, 50);
const GOAL_KB = 8;
const GIB = 1024 ** 3;
const HEAP_DIFF = process.env.BENCH_HEAP_DIFF === '1';

async function heapUsed(base: string, snapshot?: string): Promise<number> {
  const query = snapshot ? `?snapshot=${encodeURIComponent(snapshot)}` : '';
  const res = await fetch(`${base}/__heap${query}`);
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

/**
 * One Socket.IO connection, signed in with `token` when given; with `room`, it then does what a
 * room page does on opening (five clock samples and join-chat) before it idles.
 */
async function openSocketIo(base: string, token?: string, room?: string) {
  const s: Socket = connectSocket(base, {
    transports: ['websocket'],
    ...(token ? { auth: { token } } : {}),
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
    // Closed before the server let it in (its connect timeout on a starved machine): fail, not hang.
    s.once('disconnect', (reason) => reject(new Error(`closed while connecting: ${reason}`)));
  });
  if (room) {
    for (let i = 0; i < 5; i++) await s.emitWithAck('clock-sync', {});
    const joined = (await s.emitWithAck('join-chat', { roomId: room })) as { ok: boolean };
    if (!joined.ok) throw new Error(`join-chat refused: ${JSON.stringify(joined)}`);
  }
  return { close: () => s.disconnect() };
}

async function perSocket(
  label: string,
  base: string,
  open: (i: number) => Promise<{ close(): void }>,
) {
  // Warm every code path first (JIT, pools, first-connection allocations), then measure.
  const warm = await inBatches(WARM, open);
  await new Promise((r) => setTimeout(r, 1000));
  const before = await heapUsed(base);
  const dir = HEAP_DIFF ? mkdtempSync(join(tmpdir(), 'sc-heap-')) : undefined;
  if (dir) await heapUsed(base, join(dir, 'before.heapsnapshot'));
  const sockets = await inBatches(N, open);
  await new Promise((r) => setTimeout(r, 2000));
  const after = await heapUsed(base);
  if (dir) await heapUsed(base, join(dir, 'after.heapsnapshot'));
  for (const s of [...warm, ...sockets]) s.close();
  // Let the server finish closing them before anything else is measured on it.
  await new Promise((r) => setTimeout(r, 1000));
  if (dir) {
    console.log(`\n${label}:`);
    printHeapDiff(heapDiff(join(dir, 'before.heapsnapshot'), join(dir, 'after.heapsnapshot')), N);
    // BENCH_HEAP_KEEP=1 keeps the snapshots, to open them in Chrome's DevTools.
    if (process.env.BENCH_HEAP_KEEP === '1') console.log(`snapshots kept in ${dir}`);
    else rmSync(dir, { recursive: true });
  }
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
  bareBytes = await perSocket('bare ws', `http://127.0.0.1:${barePort}`, async (i) => {
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

const bareIoPort = await freePort();
const bareIo = await startPinned(
  'bench/servers/bare-socketio-server.ts',
  { PORT: String(bareIoPort) },
  `http://127.0.0.1:${bareIoPort}/health`,
  0,
);
let bareIoBytes: number;
try {
  const base = `http://127.0.0.1:${bareIoPort}`;
  bareIoBytes = await perSocket('bare Socket.IO', base, () => openSocketIo(base));
} finally {
  await bareIo.stop();
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
let afterEventsBytes: number;
try {
  const base = `http://127.0.0.1:${appPort}`;
  const { tokens, roomIds } = await population(base, 10, 1);
  ourBytes = await perSocket('StudyCircle', base, (i) =>
    openSocketIo(base, tokens[i % tokens.length]),
  );
  afterEventsBytes = await perSocket("StudyCircle, after a room page's first events", base, (i) =>
    openSocketIo(base, tokens[i % tokens.length], roomIds[0]),
  );
} finally {
  await app.stop();
  await database.drop();
}

const ours = Math.floor(GIB / ourBytes);
console.log(`bare ws (floor)          ${(bareBytes / 1024).toFixed(2)} KB heap per connection`);
console.log(
  `bare Socket.IO (floor)   ${(bareIoBytes / 1024).toFixed(2)} KB heap per connection ` +
    `(${(bareIoBytes / bareBytes).toFixed(2)}x bare ws)`,
);
console.log(
  `StudyCircle (Socket.IO)  ${(ourBytes / 1024).toFixed(2)} KB heap per authenticated connection ` +
    `(${(ourBytes / bareBytes).toFixed(2)}x bare ws, ` +
    `+${((ourBytes - bareIoBytes) / 1024).toFixed(2)} KB over bare Socket.IO)`,
);
console.log(
  `  after a room page's first events (5 clock-sync, join-chat): ` +
    `${(afterEventsBytes / 1024).toFixed(2)} KB`,
);
console.log(`Authenticated idle sockets per GiB of heap: ${ours.toLocaleString('en')}`);
goal({
  name: 'heap per authenticated idle socket',
  target: `<= ${GOAL_KB} KB`,
  actual: `${(ourBytes / 1024).toFixed(2)} KB`,
  met: ourBytes <= GOAL_KB * 1024,
});
finish();
