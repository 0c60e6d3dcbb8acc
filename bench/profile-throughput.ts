import autocannon from 'autocannon';
import {
  createThrowawayDatabase,
  freePort,
  startProcess,
  startServer,
} from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';
import { pinSelf } from './lib/live.js';

/**
 * GET /api/auth/profile throughput on PostgreSQL (autocannon, 100 connections) against a bare
 * node:http server doing the same token check and queries with the same driver, in the same run.
 * Goal (docs/decisions/0036): the app reaches at least 0.9x the baseline's requests per second.
 * Each server runs in its own process, both on core 0 and this load generator on core 1 (taskset):
 * left to the scheduler, a server shares a core with the load generator in some runs and not in
 * others, and its CPU per request then differs by a third from one start to the next. Three rounds
 * in turn, the median ratio counts. Smoke mode: one round of one second, 10 connections.
 */

const CONNECTIONS = size(100, 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? size(10, 1));
const WARMUP_S = size(2, 1);
const GOAL = 0.9;
const ROUNDS = size(3, 1);
const JWT_SECRET = 'bench-secret-0123456789abcdef0123456789';

async function measure(url: string, token: string): Promise<number> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      headers: { authorization: `Bearer ${token}` },
    });
  await run(WARMUP_S); // warm-up: JIT, connection pools
  const result = await run(DURATION_S);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

const SERVER_CORE = 0;
const LOAD_CORE = 1;

pinSelf(LOAD_CORE);
printLoad();
const database = await createThrowawayDatabase({ prefix: 'sc_bench_profile' });
const appPort = await freePort();
const barePort = await freePort();
const env = { DATABASE_URL: database.url, JWT_SECRET, LOG_LEVEL: 'silent', HOST: '127.0.0.1' };
const app = await startServer({
  port: appPort,
  env: { ...env, DATA_DIR: '/tmp/sc-bench-profile' },
  timeoutMs: 60_000,
  core: SERVER_CORE,
});
const bare = await startProcess('bench/servers/bare-profile-server.ts', {
  env: { ...env, PORT: String(barePort) },
  readyUrl: `http://127.0.0.1:${barePort}/health`,
  core: SERVER_CORE,
});

try {
  const res = await fetch(`http://127.0.0.1:${appPort}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email: 'bench@example.com', password: 'Secret123' }),
  });
  const { token } = (await res.json()) as { token: string };

  console.log(
    `GET /api/auth/profile on PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s each, ` +
      `${ROUNDS} round(s) of bare then app`,
  );
  // Rounds in turn, so both servers see the same machine load; the median of the rounds' ratios.
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const baseline = await measure(`http://127.0.0.1:${barePort}/`, token);
    const ours = await measure(`http://127.0.0.1:${appPort}/api/auth/profile`, token);
    ratios.push(ours / baseline);
    console.log(
      `  round ${round}: bare node:http ${baseline.toFixed(0)} req/s, StudyCircle ${ours.toFixed(0)} req/s, ` +
        `ratio ${(ours / baseline).toFixed(2)}`,
    );
  }
  const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  goal({
    name: `profile read throughput vs the bare server (median of ${ROUNDS})`,
    target: `>= ${GOAL}x`,
    actual: `${ratio.toFixed(2)}x`,
    met: ratio >= GOAL,
  });
} finally {
  await app.stop();
  await bare.stop();
  await database.drop();
}
finish();
