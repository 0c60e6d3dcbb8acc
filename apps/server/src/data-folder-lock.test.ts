import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from './db/data-dir-lock.js';

/**
 * The real entry point as an operator starts it (`node --import tsx src/server.ts`): what stops
 * start-up, and the one-server-per-data-folder lock of embedded PGlite. The lock belongs to
 * PGlite, so these servers always run on it, also in the PostgreSQL pass.
 */

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const folders: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-lock-'));
  folders.push(dir);
  return dir;
}

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    // Only what the server needs: no DATABASE_URL or REDIS_URL from the test run's environment.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port, output: () => output, exited };
}

async function healthy(port: number, started: Started): Promise<void> {
  // Generous: opening and migrating PGlite on disk takes a minute on a machine under full load.
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited:\n${started.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not healthy:\n${started.output()}`);
}

async function startHealthy(env: Record<string, string>) {
  const started = await start(env);
  await healthy(started.port, started);
  return started;
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
