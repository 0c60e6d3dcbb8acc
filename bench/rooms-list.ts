import pg from 'pg';
import { createThrowawayDatabase, startServer } from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';
import { leanClient } from './lib/http-timing.js';

/**
 * GET /api/rooms for a user who belongs to 10,000 rooms, in a database holding 10,000 rooms and
 * 200,000 memberships (docs/decisions/0003). Prints the p95 latency of 500 sequential requests
 * against the real server (its own process, PostgreSQL through DATABASE_URL, loopback HTTP) beside
 * the p95 of the same SQL run directly with pg in the same run, and the plan PostgreSQL picks for
 * it. Goals: the API's p95 at most 2x the same SQL's p95 (docs/decisions/0036), and under 20 ms
 * (docs/decisions/0005). Smoke mode: 1,000 rooms, 20,000 memberships, 20 requests.
 */

const ROOMS = size(10_000, 1_000);
const OTHER_USERS = size(2_000, 200);
/** Each other user's memberships: 2,000 x 95 + the bench user's 10,000 = 200,000. */
const ROOMS_PER_OTHER_USER = 95;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? size(500, 20));
const WARMUP = size(1_000, 5);
const SQL_RATIO_GOAL = 2;
/** Page size asked for; 50 is the API's default (the web app's list asks for 100). */
const LIMIT = Number(process.env.BENCH_LIMIT ?? 50);
const GOAL_MS = 20;
const JWT_SECRET = 'bench-secret-0123456789abcdef0123456789';

/**
 * The statement the rooms repository issues for `GET /api/rooms` (scope all, first page of BENCH_LIMIT +
 * 1 look-ahead row), written out so the baseline runs exactly this against the same database.
 */
const LIST_SQL = `
  select r.id, r.code, r.slug, r.name, r.subject, r.description, r.is_private, r.max_members,
         r.status, r.tags, r.member_count, r.owner_id, r.created_at, m.role, m.joined_at,
         r.created_at::text
    from rooms r
    left join room_members m on (m.room_id = r.id and m.user_id = $1)
   where (m.user_id is not null
          or (r.is_private = false
              and (select count(*) from (
                     select 1 from rooms newer
                      where newer.owner_id = r.owner_id and newer.is_private = false
                        and (newer.created_at, newer.id) > (r.created_at, r.id)
                      limit 3) as newer_rooms) < 3))
   order by r.created_at desc, r.id desc
   limit $2`;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** Seeds users, rooms and memberships with set-based SQL: a few seconds, not minutes. */
async function seed(client: pg.Client, benchUserId: string) {
  await client.query('begin');
  // Other users: 24-hex ids, a dummy password hash (nobody signs in as them).
  await client.query(
    `insert into users (id, name, email, password_hash, created_at)
     select lpad(to_hex(i), 24, '0'), 'Student ' || i, 'student' || i || '@bench.test', 'x',
            now() - (i || ' minutes')::interval
       from generate_series(1, $1) as i`,
    [OTHER_USERS],
  );
  // Rooms: one in ten owned by the bench user, 30% public, realistic names, tags and statuses,
  // created over the last ~10,000 minutes.
  await client.query(
    `insert into rooms (id, code, slug, name, subject, description, is_private, max_members,
                        status, tags, member_count, owner_id, created_at, updated_at)
     select substr(md5('room' || i), 1, 24),
            'R' || lpad(i::text, 7, '0'),
            'room-' || i || '-r' || lpad(i::text, 7, '0'),
            (array['Linear Algebra', 'Organic Chemistry', 'World History', 'Data Structures',
                   'Microeconomics', 'Cell Biology', 'Thermodynamics', 'Poetry Workshop'])[1 + i % 8]
              || ' group ' || i,
            (array['Math', 'Chemistry', 'History', 'Computer Science', 'Economics', 'Biology',
                   'Physics', 'Literature'])[1 + i % 8],
            'Weekly study sessions and exam preparation.',
            i % 10 >= 3,
            500,
            (array['active', 'studying', 'break'])[1 + i % 3],
            array[(array['exam', 'homework', 'project', 'revision'])[1 + i % 4], 'week' || (i % 12)],
            0,
            case when i % 10 = 0 then $1 else lpad(to_hex(1 + i % $2), 24, '0') end,
            now() - (i || ' minutes')::interval + (random() * interval '30 seconds'),
            now()
       from generate_series(1, $3) as i`,
    [benchUserId, OTHER_USERS, ROOMS],
  );
  // The bench user belongs to every room (owner of its own, admin or member elsewhere).
  await client.query(
    `insert into room_members (room_id, user_id, role, joined_at)
     select r.id, $1,
            case when r.owner_id = $1 then 'owner' when r.code like '%5' then 'admin' else 'member' end,
            r.created_at
       from rooms r`,
    [benchUserId],
  );
  // Everyone else: 95 distinct rooms each (101 is coprime to 10,000, so k * 101 never repeats).
  await client.query(
    `insert into room_members (room_id, user_id, role, joined_at)
     select substr(md5('room' || (1 + (u * 37 + k * 101) % $3)), 1, 24), lpad(to_hex(u), 24, '0'),
            'member', now() - (k || ' minutes')::interval
       from generate_series(1, $1) as u, generate_series(0, $2 - 1) as k`,
    [OTHER_USERS, ROOMS_PER_OTHER_USER, ROOMS],
  );
  await client.query(
    `update rooms r set member_count = c.n
       from (select room_id, count(*)::int as n from room_members group by room_id) c
      where c.room_id = r.id`,
  );
  await client.query('commit');
  await client.query('analyze');
  const { rows } = await client.query<{ rooms: string; members: string }>(
    'select (select count(*) from rooms) as rooms, (select count(*) from room_members) as members',
  );
  return rows[0]!;
}

printLoad();
const database = await createThrowawayDatabase({ prefix: 'sc_bench_rooms' });
// The server applies the migrations on start, so it must be up before the seed runs.
const app = await startServer({
  env: {
    DATABASE_URL: database.url,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/sc-bench-rooms',
  },
  timeoutMs: 60_000,
});
const baseUrl = app.baseUrl;
const client = new pg.Client({ connectionString: database.url });
const http = leanClient(baseUrl);

try {
  await client.connect();
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email: 'bench@example.com', password: 'Secret123' }),
  });
  const { token, user } = (await registered.json()) as { token: string; user: { id: string } };

  const seedStart = performance.now();
  const counts = await seed(client, user.id);
  console.log(
    `Seeded ${counts.rooms} rooms and ${counts.members} memberships in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ` +
      `the bench user belongs to ${ROOMS} rooms.`,
  );

  // Asks for br/gzip as a browser does; `identity` shows what the compression step costs. Timed
  // to the last byte through a lean keep-alive client (bench/lib/http-timing.ts), as the SQL is
  // timed through pg; the body is decoded and checked after the clock stops.
  const timeApi = async (encoding = 'br, gzip') => {
    const res = await http.get(`/api/rooms?limit=${LIMIT}`, {
      authorization: `Bearer ${token}`,
      'accept-encoding': encoding,
    });
    const body = res.json() as { rooms?: unknown[] };
    if (res.status !== 200 || body.rooms?.length !== LIMIT) {
      throw new Error(`GET /api/rooms answered ${res.status} with ${body.rooms?.length} rooms`);
    }
    return res.ms;
  };
  // The floor for any signed-in request on this machine: token check, one user query, HTTP.
  const timeProfile = async () => {
    const res = await http.get('/api/auth/profile', { authorization: `Bearer ${token}` });
    if (res.status !== 200) throw new Error(`GET /api/auth/profile answered ${res.status}`);
    return res.ms;
  };
  const timeSql = async () => {
    const start = performance.now();
    const { rows } = await client.query(LIST_SQL, [user.id, LIMIT + 1]);
    if (rows.length !== LIMIT + 1) throw new Error(`direct SQL returned ${rows.length} rows`);
    return performance.now() - start;
  };

  // Interleaved, so both sides see the same machine load; warm-up first (JIT, plan caches).
  for (let i = 0; i < WARMUP; i++) {
    await timeApi();
    await timeSql();
  }
  const api: number[] = [];
  const direct: number[] = [];
  const profile: number[] = [];
  const uncompressed: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    api.push(await timeApi());
    uncompressed.push(await timeApi('identity'));
    direct.push(await timeSql());
    profile.push(await timeProfile());
  }

  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off) ${LIST_SQL}`,
    [user.id, LIMIT + 1],
  );

  const apiP95 = percentile(api, 95);
  console.log(
    `\nGET /api/rooms (scope all, ${LIMIT} rooms per page), ${REQUESTS} sequential requests`,
  );
  console.log(
    `  StudyCircle API over HTTP: p50 ${fmt(percentile(api, 50))}  p95 ${fmt(apiP95)}  p99 ${fmt(percentile(api, 99))}`,
  );
  console.log(
    `  same SQL directly with pg:  p50 ${fmt(percentile(direct, 50))}  p95 ${fmt(percentile(direct, 95))}  p99 ${fmt(percentile(direct, 99))}`,
  );
  console.log(
    `  reference, same API without compression:           p50 ${fmt(percentile(uncompressed, 50))}  p95 ${fmt(percentile(uncompressed, 95))}`,
  );
  console.log(
    `  reference, GET /api/auth/profile (auth + one query): p50 ${fmt(percentile(profile, 50))}  p95 ${fmt(percentile(profile, 95))}`,
  );
  const sqlRatio = apiP95 / percentile(direct, 95);
  goal({
    name: 'rooms list p95 vs the same SQL p95',
    target: `<= ${SQL_RATIO_GOAL}x`,
    actual: `${sqlRatio.toFixed(2)}x`,
    met: sqlRatio <= SQL_RATIO_GOAL,
  });
  goal({
    name: 'rooms list p95',
    target: `< ${GOAL_MS} ms`,
    actual: fmt(apiP95),
    met: apiP95 < GOAL_MS,
  });
  console.log('\nPlan of the list query:');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
} finally {
  await client.end().catch(() => {});
  http.close();
  await app.stop();
  // BENCH_KEEP_DATABASE=1 leaves the seeded database in place for EXPLAIN sessions by hand.
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`\nKept database: ${database.url}`);
  else await database.drop();
}
finish();
