import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (where `npm start` runs), with a trailing slash. */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface SpawnOptions {
  /**
   * Variables on top of PATH and HOME. Nothing else of the caller's environment leaks in: a
   * developer's own DATABASE_URL or REDIS_URL must not change what a test or benchmark runs on.
   */
  env?: Record<string, string>;
  /** Working folder, and what a relative entry is resolved against; the repository root by default. */
  cwd?: string;
  /** Node flags before `--import tsx`, such as `--expose-gc`. */
  nodeArgs?: string[];
  /** Runs the process on this CPU core only (taskset), so a benchmark can read its CPU time alone. */
  core?: number;
  /**
   * A command that runs node for us, such as `['unshare', '--pid', '--fork', '--mount-proc',
   * '--kill-child']` to start it as pid 1 of a fresh PID namespace, as a container does.
   */
  wrapper?: string[];
  /** Its own process group, so a test can signal the whole group as a terminal's Ctrl+C does. */
  detached?: boolean;
}

/** A process started from a TypeScript entry. */
export interface RunningProcess {
  child: ChildProcess;
  /** Standard output and error, interleaved as they arrived. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null after a signal) once the process and its pipes closed. */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) unless the process already ended; resolves once it has. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Children still running, ended when this process exits however it exits (a benchmark that
 * throws, a test file that fails before its `afterAll`): otherwise they live on, orphaned, holding
 * their ports and data folders. One listener for all of them; SIGTERM, so each shuts down cleanly.
 */
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGTERM');
});

/** Starts `node [nodeArgs] --import tsx <entry>` as its own process, without waiting for it. */
export function spawnEntry(entry: string, options: SpawnOptions = {}): RunningProcess {
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', entry];
  // taskset execs node in place, so the child's pid is node's own (benchmarks read /proc/<pid>).
  const [command, ...commandArgs] = [
    ...(options.wrapper ?? []),
    ...(options.core === undefined ? [] : ['taskset', '-c', String(options.core)]),
    process.execPath,
    ...args,
  ] as [string, ...string[]];
  const child = spawn(command, commandArgs, {
    cwd: options.cwd ?? REPO_ROOT,
    detached: options.detached ?? false,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
    output += d.toString();
  });
  // 'close' rather than 'exit': it comes after the pipes are drained, so the last line the
  // process printed (a start-up error) is in output() when this resolves.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  return {
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Polls `url` until it answers 2xx. Throws, with everything the process printed, when it exits
 * first or `timeoutMs` passes.
 */
export async function waitUntilReady(
  running: RunningProcess,
  url: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = running.child;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(
        `exited (${exitCode ?? signalCode}) before ${url} answered:\n${running.output()}`,
      );
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${running.output()}`);
}

export interface StartProcessOptions extends SpawnOptions {
  /** Polled until it answers 2xx. */
  readyUrl: string;
  /** How long to wait for readyUrl; 60 s by default. */
  timeoutMs?: number;
}

/** Starts an entry and waits until `readyUrl` answers; on failure the process is killed. */
export async function startProcess(
  entry: string,
  options: StartProcessOptions,
): Promise<RunningProcess> {
  const { readyUrl, timeoutMs = 60_000, ...spawnOptions } = options;
  const running = spawnEntry(entry, spawnOptions);
  try {
    await waitUntilReady(running, readyUrl, timeoutMs);
  } catch (err) {
    await running.stop('SIGKILL');
    throw err;
  }
  return running;
}
