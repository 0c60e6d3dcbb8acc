import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { describeStartupError, loggerOptions } from './startup.js';

/** Entry point: read the configuration, build the app, listen, and shut down cleanly on signals. */

/** A start-up failure: one plain line on stderr (startup.ts says what to do), then exit 1. */
function fail(err: unknown, where?: { port: number; host: string }): never {
  console.error(describeStartupError(err, where));
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  fail(err);
}
const where = { port: config.port, host: config.host };

let app;
try {
  app = await buildApp({
    config,
    logger: loggerOptions(config.logLevel, process.stdout.isTTY === true),
  });
} catch (err) {
  fail(err, where);
}

// The handlers stay installed after the first signal: a terminal's Ctrl+C or a container stop
// signals the whole process group, so under `npm start` the server gets each signal twice (once
// directly, once forwarded by scripts/start.mjs). With a one-shot handler the second one found
// no listener and killed the process mid-shutdown, before the log line and the lock's release.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Give open requests and sockets a bounded time to finish, then exit regardless.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  // Release the database (PGlite holds its folder) before leaving; a failure here changes nothing.
  await app.close().catch(() => undefined);
  fail(err, where);
}
