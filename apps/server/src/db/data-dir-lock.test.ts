import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

/**
 * The data folder's lock on its own: a kernel-released socket, so what decides is whether a
 * process listens, never a pid. The whole server's behaviour is in data-folder-lock.test.ts.
 */

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sc-lk-'));
  folders.push(dir);
  return dir;
}

/** A socket whose process was SIGKILLed while listening: what a crashed server leaves. */
async function deadSocket(path: string): Promise<void> {
  const child = spawn(process.execPath, [
    '-e',
    `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`,
  ]);
  await new Promise((r) => child.once('exit', r));
  expect(existsSync(path)).toBe(true);
}

describe('lockDataDir', () => {
  it('refuses a second holder, naming this process, and gives the folder back on release', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    const second = await lockDataDir(dir).catch((err: unknown) => err);
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as DataDirLockedError).pid).toBe(process.pid);
    expect((second as Error).message).toContain(`data folder ${dir}`);

    await release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    await (
      await lockDataDir(dir)
    )();
  });

  it('takes over the socket of a killed process, and one starter of many wins the race', async () => {
    const dir = tempDir();
    await deadSocket(join(dir, LOCK_FILE));
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
    }
    await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('recovers when a starter died in the middle of a take-over, leaving its guard behind', async () => {
    const dir = tempDir();
    await deadSocket(join(dir, LOCK_FILE));
    await deadSocket(join(dir, `${LOCK_FILE}.takeover`));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
  });

  it('takes over the pid file an older version left', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    await (
      await lockDataDir(dir)
    )();
  });

  it('works for a folder whose path is too long for a socket address', async () => {
    const dir = join(tempDir(), 'a-long-folder-name-'.repeat(8));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
