import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';

/**
 * The real app (server.ts's build, same plugins and services) plus one bench-only route,
 * GET /__heap, that collects garbage and reports the process's heap: the idle-capacity bench
 * reads it before and after opening sockets. Run with --expose-gc.
 */

const config = loadConfig();
const app = await buildApp({
  config,
  // The signalling bench sends faster than a person types; the limit is not what it measures.
  chatRate: { burst: 1000, perSecond: 1000 },
});
const gc = (globalThis as { gc?: () => void }).gc;
app.get('/__heap', async () => {
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage();
});
await app.listen({ port: config.port, host: config.host });
