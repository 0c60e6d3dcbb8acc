import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

/** Entry point: read the configuration, build the app, listen, and shut down cleanly on signals. */

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

let app;
try {
  app = await buildApp({ config });
} catch (err) {
  // A refusal to start that names its cause (another server on the data folder) is printed as
  // is; anything else keeps its stack.
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
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
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
