import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type StartedServer } from '@studycircle/test-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { PublicConfigSchema } from '@studycircle/shared';
import { http, startTestApp } from '../../test/app.js';
import { connectJanus } from './janus-client.js';
import { createEmbeddedJanus, findJanusBinary, type EmbeddedJanus } from './janus-process.js';

/**
 * The embedded Janus with the real `janus` (runs where it is installed; vitest.config.ts): it
 * starts on loopback and answers, comes back after SIGKILL, and stops with its manager; the
 * server starts it with JANUS_URL unset and stops it on close, and a server killed with SIGKILL
 * takes its Janus along.
 */

const quiet = { debug() {}, info() {}, warn() {} };
const binary = findJanusBinary(process.env.PATH)!;
const folders: string[] = [];
const running: EmbeddedJanus[] = [];
let server: Promise<StartedServer> | undefined;

afterAll(async () => {
  await (await server?.catch(() => undefined))?.stop();
  await Promise.all(running.map((j) => j.stop()));
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The local address of every listening TCP socket on `port`, from /proc/net/tcp. */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A')
    .map((f) => f[1]!.split(':')[0]!);
}

function manager(): EmbeddedJanus {
  const folder = mkdtempSync(join(tmpdir(), 'sc-janus-proc-'));
  folders.push(folder);
  const janus = createEmbeddedJanus({
    binary,
    folder,
    rtpPorts: { min: 20_100, max: 20_199 },
    log: quiet,
  });
  running.push(janus);
  return janus;
}

describe('the embedded Janus', () => {
  it('answers on loopback only, comes back after SIGKILL, and stops for good', async () => {
    const janus = manager();
    await janus.start();
    expect(janus.ready).toBe(true);
    const url = janus.url!;
    const port = Number(new URL(url).port);
    // 0100007F is 127.0.0.1 as /proc/net/tcp writes it.
    expect(listeners(port)).toEqual(['0100007F']);
    const connection = await connectJanus({ url, apiSecret: janus.apiSecret, log: quiet });
    const info = await connection.info();
    await connection.close();
    expect(info.version_string).toMatch(/^1\./);
    expect(Object.keys(info.plugins ?? {})).toEqual(['janus.plugin.videoroom']);

    const first = janus.pid!;
    const exits: unknown[] = [];
    janus.onExit((e) => exits.push(e));
    const readyAgain = new Promise<string>((resolve) => janus.onReady(resolve));
    process.kill(first, 'SIGKILL');
    const newUrl = await readyAgain;
    expect(exits).toEqual([{ code: null, signal: 'SIGKILL' }]);
    expect(janus.pid).not.toBe(first);
    expect(alive(janus.pid!)).toBe(true);
    expect(newUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);

    const second = janus.pid!;
    await janus.stop();
    expect(alive(second)).toBe(false);
    expect(exits).toHaveLength(1);
    // And it stays stopped (the first restart would have come after 250 ms).
    await new Promise((r) => setTimeout(r, 600));
    expect(janus.pid).toBeUndefined();
  });

  it(
    'is started by the server with JANUS_URL unset, and stopped when the server closes',
    {
      timeout: 60_000,
    },
    async () => {
      const t = await startTestApp({ env: { PATH: process.env.PATH ?? '' } });
      let closed = false;
      try {
        await t.app.services.sfu.whenAvailable(20_000);
        const res = await http(t.baseUrl, 'GET', '/api/config');
        expect(PublicConfigSchema.parse(res.body).calls).toEqual({
          sfu: true,
          meshMax: 4,
          limit: 50,
        });
        expect(t.app.services.sfu.status()).toEqual({
          mode: 'embedded',
          instances: [{ id: 'embedded', healthy: true }],
        });
        const pids = janusChildren(process.pid);
        expect(pids).toHaveLength(1);
        await t.close();
        closed = true;
        expect(alive(pids[0]!)).toBe(false);
      } finally {
        if (!closed) await t.close();
      }
    },
  );

  // A real server process, as `npm start` runs it: compiling and migrating take a while on a
  // loaded machine.
  it('goes with a server killed by SIGKILL', { timeout: 150_000 }, async () => {
    server = startServer({ env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn' } });
    const started = await server;
    const pidFile = join(started.dataDir, 'janus', 'janus.pid');
    await until(() => existsSync(pidFile));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    await started.process.stop('SIGKILL');
    await until(() => !alive(pid), 5_000);
  });
});

/** The janus processes whose parent is `parent`. */
function janusChildren(parent: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').trim();
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
      if (comm === 'janus' && Number(rest?.split(' ')[1]) === parent) out.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}
