import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENTRY, spawnEntry } from '@studycircle/test-kit';

/**
 * `npm start`'s server process as a newcomer meets it: a start-up failure ends with one plain line
 * on stderr that says what to do, no JSON and no stack trace, and a non-zero exit code.
 */

let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sc-start-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Only what the test sets: the kit passes no DATABASE_URL or REDIS_URL of the developer's own.
async function start(env: Record<string, string>) {
  const server = spawnEntry(SERVER_ENTRY, { env: { DATA_DIR: dataDir, ...env } });
  const code = await server.exited;
  return { code, stdout: server.stdout(), stderr: server.stderr() };
}

describe('start-up failures', () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('a taken port: one line saying to stop the other process or set PORT, exit 1', async () => {
    const run = await start({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      `Cannot start: port ${port} is already in use. Stop the other process using it, or choose another port, e.g. PORT=${port + 1} npm start.`,
    ]);
    expect(run.stdout).not.toMatch(/EADDRINUSE|"err"|stack/);
  }, 180_000);

  it('a bad setting: one line naming the variable, exit 1', async () => {
    const run = await start({ PORT: 'three thousand' });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start: bad setting: PORT: .+\. Fix it and start again\.$/);
    expect(run.stdout).toBe('');
  }, 180_000);
});
