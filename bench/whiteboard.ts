import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@studycircle/shared';
import type { WhiteboardElement } from '@studycircle/shared/whiteboard';
import {
  createThrowawayDatabase,
  REPO_ROOT,
  startServer,
  type StartedServer,
} from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';
import { percentile } from './lib/live.js';

/**
 * The room whiteboard (docs/decisions/0031) against the real server on PostgreSQL (DATABASE_URL):
 * three editors (socket clients speaking the browser's protocol) on a board of 1,000 elements; one
 * draws a freehand stroke the way the browser sends it (the whole element again every 50 ms as it
 * grows, SEND_INTERVAL_MS in apps/web/src/features/whiteboard/lib/board-sync.ts), and the time from
 * each update leaving the drawer to its arrival at each other editor is measured, the drawer
 * changing with every stroke. Goal: p95 under 100 ms on loopback. Also printed: the bytes one
 * stroke costs on the wire (sent by the drawer, received by each other editor), the time to read
 * the whole board on opening it, and the whiteboard chunk's size (gzip -9) from the build when
 * there is one.
 *
 * Smoke mode: a board of 200 elements and 3 strokes.
 */

const BOARD = size(1000, 200);
const STROKES = size(60, 3);
const UPDATES_PER_STROKE = 8;
const POINTS_PER_UPDATE = 6;
const SEND_INTERVAL_MS = 50;
const P95_GOAL_MS = 100;
const JWT_SECRET = 'bench-whiteboard-secret-0123456789abcdef';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

async function api<T>(base: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
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

let seq = 0;
const nonce = () => Math.floor(Math.random() * 2 ** 31);

/** An element as Excalidraw makes it (the fields a rectangle carries, ~450 bytes of JSON). */
function rectangle(i: number): WhiteboardElement {
  seq += 1;
  return {
    id: `r${seq.toString(36).padStart(6, '0')}${nonce().toString(36)}`,
    type: 'rectangle',
    x: (i % 40) * 120,
    y: Math.floor(i / 40) * 90,
    width: 100,
    height: 60,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    index: `a${i.toString(36).padStart(4, '0')}`,
    roundness: { type: 3 },
    seed: nonce(),
    version: 1,
    versionNonce: nonce(),
    isDeleted: false,
    boundElements: null,
    updated: Date.now(),
    link: null,
    locked: false,
  };
}

/** A freehand stroke after `n` points, as the drawer's browser sends it at that moment. */
function stroke(id: string, n: number, version: number): WhiteboardElement {
  const points = Array.from({ length: n }, (_, k): [number, number] => [
    Math.round(k * 3.7 * 100) / 100,
    Math.round(Math.sin(k / 3) * 20 * 100) / 100,
  ]);
  return {
    ...rectangle(0),
    id,
    type: 'freedraw',
    points,
    pressures: [],
    simulatePressure: true,
    lastCommittedPoint: null,
    version,
    versionNonce: nonce(),
    index: 'b0',
  };
}

function connect(base: string, token: string): Promise<Client> {
  const socket: Client = connectSocket(base, {
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Counts the bytes a socket sends and receives on its websocket (frames' payloads). */
function meter(socket: Client) {
  const m = { sent: 0, received: 0 };
  const engine = socket.io.engine;
  engine.on('packetCreate', (packet: { data?: unknown }) => {
    if (typeof packet.data === 'string') m.sent += Buffer.byteLength(packet.data) + 1;
  });
  engine.on('data', (data: unknown) => {
    if (typeof data === 'string') m.received += Buffer.byteLength(data);
  });
  return m;
}

async function readBoard(socket: Client, roomId: string): Promise<number> {
  let count = 0;
  let after: string | undefined;
  for (;;) {
    const ack = await socket.emitWithAck('whiteboard-join', after ? { roomId, after } : { roomId });
    if (!ack.ok) throw new Error(ack.message);
    count += ack.elements.length;
    if (ack.next === null) return count;
    after = ack.next;
  }
}

function chunkSizes(): string | null {
  const assets = join(REPO_ROOT, 'apps/web/dist/assets');
  if (!existsSync(assets)) return null;
  const files = readdirSync(assets).filter((f) => /^whiteboard-board-[\w-]+\.(js|css)$/.test(f));
  if (files.length === 0) return null;
  return files
    .map((f) => {
      const kb = gzipSync(readFileSync(join(assets, f)), { level: 9 }).length / 1024;
      return `${f} ${kb.toFixed(1)} KB`;
    })
    .join(', ');
}

printLoad();
const database = await createThrowawayDatabase({ prefix: 'sc_bench_whiteboard' });
let server: StartedServer | undefined;
const sockets: Client[] = [];
try {
  server = await startServer({
    env: {
      DATABASE_URL: database.url,
      JWT_SECRET,
      LOG_LEVEL: 'silent',
      // Seeding a board sends faster than a person draws; the limits are not what is measured.
      RATE_LIMIT_FACTOR: '100',
    },
    timeoutMs: 90_000,
  });
  const base = server.baseUrl;
  const users = [];
  for (let i = 0; i < 3; i += 1) {
    users.push(
      await api<{ token: string }>(base, '/api/auth/register', null, {
        name: `Editor ${i + 1}`,
        email: `editor${i}-${Date.now()}@example.com`,
        password: 'Secret123',
      }),
    );
  }
  const { room } = await api<{ room: { id: string; code: string } }>(
    base,
    '/api/rooms',
    users[0]!.token,
    { name: 'Whiteboard bench', subject: 'Physics' },
  );
  for (const u of users.slice(1)) {
    await api(base, '/api/rooms/join', u.token, { code: room.code });
  }
  for (const u of users) sockets.push(await connect(base, u.token));
  for (const s of sockets) await readBoard(s, room.id);

  // A board of BOARD elements, written through the relay like a large paste.
  const seedStart = performance.now();
  const board = Array.from({ length: BOARD }, (_, i) => rectangle(i));
  for (let i = 0; i < board.length; i += 100) {
    const ack = await sockets[0]!.emitWithAck('whiteboard-update', {
      roomId: room.id,
      elements: board.slice(i, i + 100),
    });
    if (!ack.ok) throw new Error(ack.message);
  }
  const seedMs = performance.now() - seedStart;
  const openStart = performance.now();
  const late = await connect(base, users[1]!.token);
  sockets.push(late);
  const read = await readBoard(late, room.id);
  const openMs = performance.now() - openStart;
  late.disconnect();
  if (read !== BOARD) throw new Error(`read ${read} elements of ${BOARD}`);
  console.log(
    `Board of ${BOARD} elements: seeded through the relay in ${seedMs.toFixed(0)} ms; ` +
      `opened (connect and read every page) in ${openMs.toFixed(0)} ms.`,
  );

  // Strokes: each update's arrival at the two other editors, timed from its send.
  const meters = sockets.slice(0, 3).map(meter);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const expected = { count: 0 };
  for (const [i, s] of sockets.slice(0, 3).entries()) {
    s.on('whiteboard-update', (u) => {
      const at = performance.now();
      for (const e of u.elements) {
        const t = sentAt.get(`${e.id}:${e.version}:${i}`);
        if (t !== undefined) latencies.push(at - t);
      }
    });
  }
  const strokeBytes: { sent: number; received: number }[] = [];
  for (let n = 0; n < STROKES; n += 1) {
    const drawer = n % 3;
    const others = [0, 1, 2].filter((k) => k !== drawer);
    const before = meters.map((m) => ({ ...m }));
    const id = `stroke-${n}-${nonce().toString(36)}`;
    for (let u = 1; u <= UPDATES_PER_STROKE; u += 1) {
      const element = stroke(id, u * POINTS_PER_UPDATE, u);
      const t = performance.now();
      for (const k of others) sentAt.set(`${id}:${u}:${k}`, t);
      expected.count += others.length;
      const ack = await sockets[drawer]!.emitWithAck('whiteboard-update', {
        roomId: room.id,
        elements: [element],
      });
      if (!ack.ok) throw new Error(ack.message);
      await new Promise((r) => setTimeout(r, SEND_INTERVAL_MS));
    }
    strokeBytes.push({
      sent: meters[drawer]!.sent - before[drawer]!.sent,
      received:
        others.reduce((sum, k) => sum + meters[k]!.received - before[k]!.received, 0) /
        others.length,
    });
  }
  await new Promise((r) => setTimeout(r, 200));
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `${STROKES} strokes of ${UPDATES_PER_STROKE} updates (${UPDATES_PER_STROKE * POINTS_PER_UPDATE} points), ` +
      `3 editors, board of ${BOARD}: ${latencies.length} of ${expected.count} deliveries, ` +
      `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `Bytes per stroke on the wire: ${avg(strokeBytes.map((b) => b.sent)).toFixed(0)} sent by the ` +
      `drawer, ${avg(strokeBytes.map((b) => b.received)).toFixed(0)} ` +
      `received by each other editor`,
  );
  const chunk = chunkSizes();
  console.log(
    chunk
      ? `Whiteboard chunk (loaded only when the board opens), gzip -9: ${chunk}`
      : 'Whiteboard chunk: no web build (run `npm run build` to print its size)',
  );
  goal({
    name: 'stroke update to the other editors, p95 on loopback',
    target: `< ${P95_GOAL_MS} ms`,
    actual: `${p95.toFixed(1)} ms`,
    met: p95 < P95_GOAL_MS && latencies.length === expected.count,
  });
} finally {
  for (const s of sockets) s.disconnect();
  await server?.stop();
  await database.drop();
}
finish();
