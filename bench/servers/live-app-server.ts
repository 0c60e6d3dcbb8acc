import { writeHeapSnapshot } from 'node:v8';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';

/**
 * The real app (server.ts's build, same plugins and services) plus one bench-only route,
 * GET /__heap, that collects garbage and reports the process's heap (and with ?snapshot=<file>
 * writes a heap snapshot): the idle-capacity bench reads it before and after opening sockets. Run
 * with --expose-gc.
 */

// The benches send faster than a person types and open hundreds of sockets per account; the
// rate limits and the socket cap are not what they measure (RATE_LIMIT_FACTOR scales them all).
const config = loadConfig({
  ...process.env,
  RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR ?? '1000',
});
const app = await buildApp({ config });
const gc = (globalThis as { gc?: () => void }).gc;
app.get<{ Querystring: { snapshot?: string } }>('/__heap', async (request) => {
  for (let i = 0; i < 3; i++) gc?.();
  // ?snapshot=<file>: also writes a V8 heap snapshot there (BENCH_HEAP_DIFF in idle-sockets.ts).
  if (request.query.snapshot) writeHeapSnapshot(request.query.snapshot);
  return process.memoryUsage();
});
await app.listen({ port: config.port, host: config.host });

// Closed and ended on SIGTERM, so that a CPU profile (BENCH_CPU_PROF) is written.
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
