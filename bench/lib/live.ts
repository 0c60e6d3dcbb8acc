import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  startProcess,
  startServer,
  type RunningProcess,
  type StartedServer,
} from '@studycircle/test-kit';

/**
 * Shared pieces of the live-room benchmarks: servers started on a core of their own, their CPU
 * time read from /proc, and a population of users and rooms created through the real API.
 */

/** Pins this process (the load generator) to `core`, when taskset exists. */
export function pinSelf(core: number): void {
  spawnSync('taskset', ['-cp', String(core), String(process.pid)], { stdio: 'ignore' });
}

/**
 * BENCH_CPU_PROF=<folder>: each server started below writes a V8 CPU profile there when it stops
 * (open it in Chrome's DevTools), to see where a bench's server spends its time. Our servers end
 * on SIGTERM with process.exit, which is when the profile is written.
 */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

/** Starts a TypeScript entry on `core` (taskset) with --expose-gc; waits for `readyUrl`. */
export function startPinned(
  entry: string,
  env: Record<string, string>,
  readyUrl: string,
  core: number,
): Promise<RunningProcess> {
  const profile = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`] : [];
  return startProcess(entry, {
    env,
    readyUrl,
    core,
    nodeArgs: ['--expose-gc', ...profile],
    timeoutMs: 90_000,
  });
}

/** The process's user + system CPU time so far, in microseconds (taskset execs node in place). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may itself hold spaces: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / 100) * 1e6;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * `users` accounts, each a member of every one of `rooms` rooms (the first creates them, the
 * others join by code): sockets of room r use user (i mod users), so every socket is a member.
 * `users` holds each account's id and name, in the order of `tokens`.
 */
export async function population(base: string, users: number, rooms: number) {
  const tokens: string[] = [];
  const people: { id: string; name: string }[] = [];
  for (let i = 0; i < users; i++) {
    const { token, user } = await post<{ token: string; user: { id: string; name: string } }>(
      base,
      '/api/auth/register',
      {
        name: `Bench ${i}`,
        email: `bench${i}-${Date.now()}@example.com`,
        password: 'Secret123',
      },
    );
    tokens.push(token);
    people.push({ id: user.id, name: user.name });
  }
  const roomIds: string[] = [];
  for (let r = 0; r < rooms; r++) {
    const { room } = await post<{ room: { id: string; code: string } }>(
      base,
      '/api/rooms',
      { name: `Bench room ${r}`, subject: 'Load' },
      tokens[0],
    );
    roomIds.push(room.id);
    await Promise.all(
      tokens.slice(1).map((t) => post(base, '/api/rooms/join', { code: room.code }, t)),
    );
  }
  return { tokens, users: people, roomIds };
}

/**
 * Replaces the one server in `servers` by two nodes on the same database and `redisUrl` (for the
 * benches that measure a change crossing nodes), in place, so the caller's cleanup stops them.
 * Returns their base URLs.
 */
export async function switchToTwoNodes(
  servers: StartedServer[],
  env: Record<string, string>,
  redisUrl: string,
): Promise<[string, string]> {
  const nodeEnv = { ...env, REDIS_URL: redisUrl };
  await servers[0]!.stop();
  servers.length = 0;
  servers.push(await startServer({ env: nodeEnv, timeoutMs: 90_000 }));
  servers.push(await startServer({ env: nodeEnv, timeoutMs: 90_000 }));
  return servers.map((s) => s.baseUrl) as [string, string];
}
