import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnEntry } from './processes.js';

/**
 * A harness that dies takes its children with it: a benchmark that throws (no Chromium, say)
 * used to leave the server it had started running, orphaned, holding its port and data folder.
 */

let dir: string;
/** Every child a harness reported, ended after the tests even when an assertion failed. */
const childPids: number[] = [];
const PROCESSES = fileURLToPath(new URL('./processes.ts', import.meta.url));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sc-kit-'));
  // A child that would run forever.
  writeFileSync(join(dir, 'forever.mjs'), 'setInterval(() => {}, 1000);\n');
});
afterAll(() => {
  for (const pid of childPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Runs a harness that starts `forever.mjs` through spawnEntry, then ends as `ending` says. */
async function harness(ending: string): Promise<{ code: number | null; childPid: number }> {
  const script = join(dir, `harness-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(
    script,
    `import { spawnEntry } from ${JSON.stringify(PROCESSES)};\n` +
      `const running = spawnEntry(${JSON.stringify(join(dir, 'forever.mjs'))});\n` +
      `console.log(running.child.pid);\n` +
      `await new Promise((r) => setTimeout(r, 200));\n` +
      `${ending}\n`,
  );
  const run = spawnEntry(script);
  const code = await run.exited;
  const childPid = Number(run.stdout().trim().split('\n')[0]);
  if (!(childPid > 0)) throw new Error(`the harness started no child:\n${run.output()}`);
  childPids.push(childPid);
  return { code, childPid };
}

async function gone(pid: number, withinMs = 5_000) {
  const deadline = Date.now() + withinMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

describe('spawnEntry', () => {
  it('ends its children when the harness throws', async () => {
    const { code, childPid } = await harness("throw new Error('no Chromium');");
    expect(code).toBe(1);
    expect(await gone(childPid)).toBe(true);
  }, 60_000);

  it('ends its children when the harness exits on its own', async () => {
    const { code, childPid } = await harness('process.exit(0);');
    expect(code).toBe(0);
    expect(await gone(childPid)).toBe(true);
  }, 60_000);
});
