import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { createThrowawayDatabase, startServer, type StartedServer } from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';
import { percentile, switchToTwoNodes } from './lib/live.js';

/**
 * Study data on the server (docs/decisions/0022), against the real server on PostgreSQL
 * (DATABASE_URL):
 *
 * 1. First sync on a fresh device: an account with 1,000 tasks, 200 text notes, 50 file notes
 *    (metadata only; their bytes load on demand) and 50 resources. Times pulling every page the
 *    way a client does (`GET /api/sync/pull` from cursor 0, default page size, gzip), and counts
 *    the compressed bytes on the wire, beside the same rows read with one plain SQL query in the
 *    same run. Goals: under 1 s and under 300 KB.
 * 2. Edit on one device to visible on another: two server nodes on one PostgreSQL and one Redis
 *    (REDIS_URL); client A pushes an edit to node 1, client B (its socket on node 2) hears the
 *    poke and pulls the change. p95 over 200 edits, goal under 300 ms. Skipped, saying so, when
 *    REDIS_URL is not set: without Redis there is no second node to reach.
 *
 * Smoke mode: a tenth of the records, 3 timed first syncs and 20 edits.
 */

const COUNTS = {
  task: size(1000, 100),
  textNote: size(200, 20),
  fileNote: size(50, 5),
  resource: size(50, 5),
};
const RUNS = size(10, 3);
const EDITS = size(200, 20);
const FIRST_SYNC_GOAL_MS = 1000;
const FIRST_SYNC_GOAL_BYTES = 300 * 1024;
const EDIT_GOAL_MS = 300;
const JWT_SECRET = 'bench-sync-secret-0123456789abcdef0123456789';
const REDIS_URL = process.env.REDIS_URL;

const WORDS = (
  'cell membrane osmosis enzyme substrate equilibrium derivative integral vector matrix ' +
  'photosynthesis chlorophyll revolution treaty parliament metaphor sonnet velocity momentum ' +
  'entropy catalyst isotope molecule theorem proof lemma hypothesis experiment variable essay ' +
  'chapter lecture seminar revision exam deadline summary outline reading assignment'
).split(' ');
let seed = 7;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const words = (n: number) =>
  Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');

/** Records as the web app stores them (docs/product.md §10-12), with realistic lengths. */
function records() {
  const at = Date.UTC(2026, 10, 1);
  const out: { kind: string; id: string; data: object }[] = [];
  for (let i = 0; i < COUNTS.task; i++) {
    out.push({
      kind: 'task',
      id: `task-${at + i}`,
      data: {
        title: words(3 + (i % 5)),
        due: i % 3 ? `2026-12-${String(1 + (i % 28)).padStart(2, '0')}` : null,
        priority: ['low', 'medium', 'high'][i % 3],
        status: i % 4 ? 'open' : 'done',
        createdAt: at + i * 60_000,
        ...(i % 4 ? {} : { completed: true, completedAt: at + i * 90_000 }),
      },
    });
  }
  for (let i = 0; i < COUNTS.textNote; i++) {
    out.push({
      kind: 'textNote',
      id: `note-${at + i}`,
      data: {
        title: words(4),
        // About a thousand characters: a page of lecture notes.
        text: words(120 + (i % 60)),
        type: 'notes',
        author: 'You',
        downloads: 0,
        room: 'Personal',
        uploadedAt: new Date(at + i * 3_600_000).toISOString(),
      },
    });
  }
  for (let i = 0; i < COUNTS.fileNote; i++) {
    out.push({
      kind: 'fileNote',
      id: `file-${at + i}`,
      data: {
        fileName: `${words(2).replace(/ /g, '-')}-${i}.pdf`,
        fileType: 'application/pdf',
        size: 2048,
        uploadedAt: new Date(at + i * 3_600_000).toISOString(),
      },
    });
  }
  for (let i = 0; i < COUNTS.resource; i++) {
    out.push({
      kind: 'resource',
      id: `res-${at + i}`,
      data: {
        title: words(5),
        link: `https://example.edu/course/${i}/${words(2).replace(/ /g, '-')}`,
        type: ['video', 'article', 'book', 'website'][i % 4],
        tags: words(3).split(' '),
        uploadedAt: at + i * 86_400_000,
        by: 'You',
      },
    });
  }
  return out;
}

async function api<T>(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body instanceof Buffer
        ? { 'content-type': 'application/octet-stream' }
        : body !== undefined
          ? { 'content-type': 'application/json' }
          : {}),
    },
    body: body instanceof Buffer ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function register(base: string, name: string) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: `${name}-${Date.now()}@example.com`,
      password: 'Secret123',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: { id: string } };
}

let mutationCounter = 0;
const mutation = (r: { kind: string; id: string; data: object }) => ({
  mutationId: `bench-${++mutationCounter}`,
  op: 'put',
  at: Date.now(),
  ...r,
});

/** GET with `accept-encoding: gzip`, counting the bytes as they arrive on the socket. */
function getGzip(base: string, path: string, token: string) {
  return new Promise<{ wireBytes: number; body: unknown }>((resolve, reject) => {
    const req = request(
      base + path,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text =
            res.headers['content-encoding'] === 'gzip'
              ? gunzipSync(raw).toString()
              : raw.toString();
          if (res.statusCode !== 200)
            return reject(new Error(`${path}: ${res.statusCode} ${text}`));
          resolve({ wireBytes: raw.length, body: JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface PullPage {
  changes: { id: string; version: number }[];
  cursor: number;
  hasMore: boolean;
}

/** Every page from cursor 0, as a fresh device does. */
async function firstSync(base: string, token: string) {
  const start = performance.now();
  let cursor = 0;
  let rows = 0;
  let wireBytes = 0;
  for (;;) {
    const page = await getGzip(base, `/api/sync/pull?since=${cursor}`, token);
    const body = page.body as PullPage;
    wireBytes += page.wireBytes;
    rows += body.changes.length;
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return { ms: performance.now() - start, rows, wireBytes };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

printLoad();
const database = await createThrowawayDatabase({ prefix: 'sc_bench_sync' });
const servers: StartedServer[] = [];
const env = {
  DATABASE_URL: database.url,
  JWT_SECRET,
  LOG_LEVEL: 'silent',
  // The seed and 200 edits come from one account in a minute; the limits are not what is measured.
  RATE_LIMIT_FACTOR: '10',
};
const client = new pg.Client({ connectionString: database.url });
try {
  servers.push(await startServer({ env, timeoutMs: 90_000 }));
  const base = servers[0]!.baseUrl;
  await client.connect();

  // 1. First sync.
  const { token, user } = await register(base, 'bench-sync');
  const all = records();
  const seedStart = performance.now();
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048 - 9, 0x20)]);
  for (const r of all.filter((x) => x.kind === 'fileNote')) {
    await api(base, 'PUT', `/api/sync/files/${r.id}`, token, pdf);
  }
  for (let i = 0; i < all.length; i += 100) {
    await api(base, 'POST', '/api/sync/push', token, {
      mutations: all.slice(i, i + 100).map(mutation),
    });
  }
  console.log(
    `Seeded ${COUNTS.task} tasks, ${COUNTS.textNote} text notes, ${COUNTS.fileNote} file notes and ` +
      `${COUNTS.resource} resources through the API in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
  );

  const SQL = `select kind, id, data, deleted, version, updated_at from sync_records
                where owner_id = $1 and version > 0 order by version`;
  const timeSql = async () => {
    const start = performance.now();
    const { rows } = await client.query(SQL, [user.id]);
    if (rows.length !== all.length) throw new Error(`SQL read ${rows.length} rows`);
    return { ms: performance.now() - start, bytes: Buffer.byteLength(JSON.stringify(rows)) };
  };
  await firstSync(base, token);
  await timeSql();
  const syncs: number[] = [];
  const sqls: number[] = [];
  let wire = 0;
  let sqlBytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const s = await firstSync(base, token);
    if (s.rows !== all.length) throw new Error(`first sync pulled ${s.rows} of ${all.length} rows`);
    syncs.push(s.ms);
    wire = s.wireBytes;
    const q = await timeSql();
    sqls.push(q.ms);
    sqlBytes = q.bytes;
  }
  const syncMs = median(syncs);
  const sqlMs = median(sqls);
  console.log(
    `first sync of ${all.length} records: median ${syncMs.toFixed(1)} ms over ${RUNS} runs ` +
      `(pages of 500), ${(wire / 1024).toFixed(1)} KB gzip on the wire; ` +
      `one plain SQL query: ${sqlMs.toFixed(1)} ms, ${(sqlBytes / 1024).toFixed(1)} KB as JSON ` +
      `(API / SQL ${(syncMs / sqlMs).toFixed(1)}x)`,
  );
  goal({
    name: 'first sync, every page, loopback',
    target: `< ${FIRST_SYNC_GOAL_MS} ms`,
    actual: `${syncMs.toFixed(1)} ms`,
    met: syncMs < FIRST_SYNC_GOAL_MS,
  });
  goal({
    name: 'first sync bytes on the wire (gzip)',
    target: `< ${FIRST_SYNC_GOAL_BYTES / 1024} KB`,
    actual: `${(wire / 1024).toFixed(1)} KB`,
    met: wire < FIRST_SYNC_GOAL_BYTES,
  });

  // 2. Edit on one device to visible on another, across two nodes.
  if (!REDIS_URL) {
    console.log(
      'SKIPPED edit-to-visible across two nodes: REDIS_URL is not set (the poke reaches the ' +
        'other node through the Redis adapter). Run with REDIS_URL=redis://127.0.0.1:6379.',
    );
  } else {
    const [one, two] = await switchToTwoNodes(servers, env, REDIS_URL);
    const editor = await register(one, 'bench-edit');
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = connectSocket(two, { transports: ['websocket'], auth: { token: editor.token } });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    let cursor = 0;
    let waiting: { id: string; resolve: () => void } | undefined;
    // Device B: on every poke, pull from its cursor (one pull at a time, as the client does).
    let pulling = Promise.resolve();
    socket.on('sync-poke', () => {
      pulling = pulling.then(async () => {
        for (;;) {
          const page = await api<PullPage>(
            two,
            'GET',
            `/api/sync/pull?since=${cursor}`,
            editor.token,
          );
          cursor = page.cursor;
          if (waiting && page.changes.some((c) => c.id === waiting!.id)) waiting.resolve();
          if (!page.hasMore) break;
        }
      });
    });
    const latencies: number[] = [];
    for (let i = 0; i < EDITS + 10; i++) {
      const id = `task-edit-${i % 20}`;
      const seen = new Promise<void>((resolve) => (waiting = { id, resolve }));
      const start = performance.now();
      await api(one, 'POST', '/api/sync/push', editor.token, {
        mutations: [
          mutation({ kind: 'task', id, data: { ...(all[0]!.data as object), title: `Edit ${i}` } }),
        ],
      });
      await seen;
      // The first ten warm both nodes up.
      if (i >= 10) latencies.push(performance.now() - start);
    }
    socket.disconnect();
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    console.log(
      `edit to visible on the other node over ${EDITS} edits: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
    );
    goal({
      name: 'edit on node 1 visible on node 2 (push, poke, pull), p95',
      target: `< ${EDIT_GOAL_MS} ms`,
      actual: `${p95.toFixed(1)} ms`,
      met: p95 < EDIT_GOAL_MS,
    });
  }
} finally {
  await client.end().catch(() => {});
  for (const s of servers) await s.stop().catch(() => {});
  await database.drop();
}
finish();
