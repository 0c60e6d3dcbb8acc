import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';
import {
  REPO_ROOT,
  spawnEntry,
  waitUntilReady,
  type RunningProcess,
  type SpawnOptions,
} from './processes.js';

/**
 * The real server as an operator starts it (`npm start`: `node --import tsx
 * apps/server/src/server.ts`), in a process of its own, on loopback. Only a path: nothing here
 * imports server code, so the kit stays below the apps.
 */
export const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/src/server.ts');

export interface ServerOptions extends Omit<SpawnOptions, 'cwd'> {
  /** A free one by default. */
  port?: number;
}

export interface ServerProcess extends RunningProcess {
  port: number;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
}

/**
 * Spawns the server on `port` (PORT and HOST=127.0.0.1 come before `env`) without waiting for it:
 * for tests of how start-up fails.
 */
export async function spawnServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const running = spawnEntry(SERVER_ENTRY, {
    ...options,
    env: { PORT: String(port), HOST: '127.0.0.1', ...options.env },
  });
  return { ...running, port, baseUrl: `http://127.0.0.1:${port}` };
}

export interface StartServerOptions extends ServerOptions {
  /**
   * How long to wait for GET /api/health; 120 s by default, generous because on two cores shared
   * with browsers, compiling and migrating can take a minute.
   */
  timeoutMs?: number;
}

export interface StartedServer {
  port: number;
  baseUrl: string;
  /** DATA_DIR from `env`, else a temporary folder that stop() removes. */
  dataDir: string;
  /** The running process; a new one after each restart. */
  readonly process: ServerProcess;
  /**
   * Stops the process (SIGTERM, or SIGKILL for a crash) and starts it again with the same port,
   * environment and data folder; resolves once it answers its health check.
   */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /**
   * Runs one SQL statement on the server's own database while the server is stopped (embedded
   * PGlite lets one process at a time open its files), then starts it again: for a test that
   * needs rows no API would write, such as data an older version stored.
   */
  sql(statement: string, params?: unknown[]): Promise<void>;
  /** Stops the process (SIGTERM by default) and removes the temporary data folder, if any. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** Starts the server and resolves once GET /api/health answers; on failure nothing is left behind. */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const { timeoutMs = 120_000, ...serverOptions } = options;
  const port = serverOptions.port ?? (await freePort());
  const ownDataDir =
    serverOptions.env?.DATA_DIR === undefined
      ? mkdtempSync(join(tmpdir(), 'sc-server-'))
      : undefined;
  const dataDir = ownDataDir ?? serverOptions.env!.DATA_DIR!;
  const env = { DATA_DIR: dataDir, ...serverOptions.env };
  const removeDataDir = () => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };

  let current: ServerProcess;
  const launch = async () => {
    current = await spawnServer({ ...serverOptions, port, env });
    try {
      await waitUntilReady(current, `${current.baseUrl}/api/health`, timeoutMs);
    } catch (err) {
      await current.stop('SIGKILL');
      throw err;
    }
  };
  try {
    await launch();
  } catch (err) {
    removeDataDir();
    throw err;
  }
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    get process() {
      return current;
    },
    async restart(signal = 'SIGTERM') {
      await current.stop(signal);
      await launch();
    },
    async sql(statement, params = []) {
      await current.stop('SIGTERM');
      try {
        const databaseUrl = serverOptions.env?.DATABASE_URL;
        if (databaseUrl) {
          const client = new pg.Client({ connectionString: databaseUrl });
          await client.connect();
          try {
            await client.query(statement, params);
          } finally {
            await client.end();
          }
        } else {
          const { PGlite } = await import('@electric-sql/pglite');
          const db = new PGlite(join(dataDir, 'pglite'));
          try {
            await db.query(statement, params);
          } finally {
            await db.close();
          }
        }
      } finally {
        await launch();
      }
    },
    async stop(signal = 'SIGTERM') {
      await current.stop(signal);
      removeDataDir();
    },
  };
}
