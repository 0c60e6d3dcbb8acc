import autocannon from 'autocannon';
import {
  createThrowawayDatabase,
  freePort,
  startProcess,
  startServer,
} from '@studycircle/test-kit';

/**
 * GET /api/auth/profile throughput on PostgreSQL (autocannon, 100 connections) against a bare
 * node:http server doing the same token check and queries with the same driver, in the same run.
 * Goal: the app reaches at least 0.6 of the baseline. Each server runs in its own process.
 */

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const GOAL = 0.6;
const JWT_SECRET = 'bench-secret-0123456789abcdef0123456789';

async function measure(url: string, token: string): Promise<number> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      headers: { authorization: `Bearer ${token}` },
    });
  await run(2); // warm-up: JIT, connection pools
  const result = await run(DURATION_S);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

const database = await createThrowawayDatabase({ prefix: 'sc_bench_profile' });
const appPort = await freePort();
const barePort = await freePort();
const env = { DATABASE_URL: database.url, JWT_SECRET, LOG_LEVEL: 'silent', HOST: '127.0.0.1' };
const app = await startServer({
  port: appPort,
  env: { ...env, DATA_DIR: '/tmp/sc-bench-profile' },
  timeoutMs: 60_000,
});
const bare = await startProcess('bench/servers/bare-profile-server.ts', {
  env: { ...env, PORT: String(barePort) },
  readyUrl: `http://127.0.0.1:${barePort}/health`,
});

try {
  const res = await fetch(`http://127.0.0.1:${appPort}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email: 'bench@example.com', password: 'Secret123' }),
  });
  const { token } = (await res.json()) as { token: string };

  const baseline = await measure(`http://127.0.0.1:${barePort}/`, token);
  const ours = await measure(`http://127.0.0.1:${appPort}/api/auth/profile`, token);
  const ratio = ours / baseline;
  console.log(
    `GET /api/auth/profile on PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  console.log(`  bare node:http baseline: ${baseline.toFixed(0)} req/s`);
  console.log(`  StudyCircle server:      ${ours.toFixed(0)} req/s`);
  console.log(
    `  ratio: ${ratio.toFixed(2)} (goal >= ${GOAL}) ${ratio >= GOAL ? 'MET' : 'NOT MET'}`,
  );
} finally {
  await app.stop();
  await bare.stop();
  await database.drop();
}
