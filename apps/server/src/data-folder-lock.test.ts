import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, startServer, type ServerProcess } from '@studycircle/test-kit';
import { LOCK_FILE } from './db/data-dir-lock.js';

/**
 * The real entry point as an operator starts it (`node --import tsx src/server.ts`): what stops
 * start-up, and the one-server-per-data-folder lock of embedded PGlite. The lock belongs to
 * PGlite, so these servers always run on it, also in the PostgreSQL pass.
 */

const folders: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-lock-'));
  folders.push(dir);
  return dir;
}

// Only what the server needs: the kit passes no DATABASE_URL or REDIS_URL from the test run's
// environment.
async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer({ env: { LOG_LEVEL: 'warn', ...env } });
  servers.push(server);
  return server;
}

async function startHealthy(env: Record<string, string>): Promise<ServerProcess> {
  // Generous: opening and migrating PGlite on disk takes a minute on a machine under full load.
  const server = (await startServer({ env: { LOG_LEVEL: 'warn', ...env }, timeoutMs: 170_000 }))
    .process;
  servers.push(server);
  return server;
}

describe('start-up', { timeout: 120_000 }, () => {
  // config.test.ts covers the other bad values; this is the whole process refusing one.
  it('refuses RATE_LIMIT_FACTOR=0, naming the variable', async () => {
    const started = await start({ DATA_DIR: tempDataDir(), RATE_LIMIT_FACTOR: '0' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/RATE_LIMIT_FACTOR: must be a number above 0/);
  });
});

// Each server opens PGlite on disk and migrates it: seconds apiece on a busy machine.
describe('one server per data folder', { timeout: 400_000 }, () => {
  it('refuses a second server on the same DATA_DIR, naming the folder and the first', async () => {
    const dataDir = tempDataDir();
    const first = await startHealthy({ DATA_DIR: dataDir });
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(first.child.pid));

    const second = await start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`(pid ${first.child.pid})`);
    expect(second.output()).toContain(`data folder ${dataDir}`);
    expect(second.output()).toContain('PostgreSQL');
    // The first server is untouched and still answers.
    expect(first.child.exitCode).toBeNull();

    // A clean stop gives the folder back.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    const dataDir = tempDataDir();
    // A real pid that has just exited: what a crashed or SIGKILLed server leaves behind.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(join(dataDir, LOCK_FILE), `${gone.pid}\n`);

    const server = await startHealthy({ DATA_DIR: dataDir });
    expect(readFileSync(join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(server.child.pid));
  });
});
