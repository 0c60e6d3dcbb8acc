import { closeSync, mkdirSync, openSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * One server per data folder. Embedded PGlite keeps the database in DATA_DIR and is not built for
 * two processes: each would run on its own copy in memory and the writes of one would be lost
 * when the other stopped. Several nodes need PostgreSQL (DATABASE_URL).
 *
 * The lock is a Unix socket, `DATA_DIR/server.lock`, on which the holder listens. The kernel
 * stops the listening when the process dies, however it dies, so liveness is a connect: a live
 * holder accepts (and answers with its pid, for the message), a dead one's file refuses. Nothing
 * depends on pids, so a zombie or a pid reused by a restarted container cannot fool it. Node has
 * no flock(2); the packages that add it compile a native addon at install. Why this shape, and
 * the race it handles: docs/decisions/0018-data-folder-lock.md.
 */

export const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `Another StudyCircle server${pid === undefined ? '' : ` (pid ${pid})`} is already using ` +
        `the data folder ${dataDir}. Stop it first, or give this one its own DATA_DIR. Several ` +
        'nodes need PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

/** A live holder answers at once; one that is busy (migrating, say) is still a holder. */
const PID_ANSWER_MS = 1000;
/** Taking over a dead lock takes a few milliseconds; another starter doing it is waited for. */
const TAKEOVER_WAIT_MS = 10_000;
/** Each level is only needed when a starter died in the middle of a take-over. */
const MAX_GUARD_DEPTH = 4;
/** sun_path is 108 bytes on Linux and 104 on macOS, with the final NUL; Node truncates longer. */
const MAX_SOCKET_PATH = 103;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `gone`: nothing to judge (removed, or closed while we looked); the caller looks again. */
type Probe = { state: 'live'; pid: number | undefined } | { state: 'dead' } | { state: 'gone' };

/** Connects to the socket at `address`: who, if anyone, listens there. */
function probe(address: string): Promise<Probe> {
  return new Promise((done, fail) => {
    const socket = createConnection(address);
    let answer = '';
    let connected = false;
    const finish = (result: Probe) => {
      socket.destroy();
      done(result);
    };
    const timer = setTimeout(() => finish({ state: 'live', pid: undefined }), PID_ANSWER_MS);
    socket.on('connect', () => (connected = true));
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => {
      clearTimeout(timer);
      const pid = Number.parseInt(answer, 10);
      finish({ state: 'live', pid: Number.isInteger(pid) && pid > 0 ? pid : undefined });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // Once connected, a holder that hangs up early is still a holder.
      if (connected) return finish({ state: 'live', pid: undefined });
      // ECONNREFUSED: the file is there and nobody listens (also what a plain file left by an
      // older version answers). EAGAIN: a listener whose queue is full, so a live one.
      // ECONNRESET: the listener closed while we queued; ENOENT: removed. Both mean "look
      // again". Any other failure (EACCES) proves nothing, so it stops the start rather than
      // risk taking a folder someone holds.
      if (err.code === 'ECONNREFUSED') return finish({ state: 'dead' });
      if (err.code === 'EAGAIN') return finish({ state: 'live', pid: undefined });
      if (err.code === 'ENOENT' || err.code === 'ECONNRESET') return finish({ state: 'gone' });
      socket.destroy();
      fail(err);
    });
  });
}

/** Listens on `address`; undefined when something is already there (bind never replaces). */
function listen(address: string): Promise<Server | undefined> {
  return new Promise((done, fail) => {
    const server = createServer((connection) => {
      // A prober that hangs up before reading must not become an uncaught EPIPE.
      connection.on('error', () => {});
      connection.end(`${process.pid}\n`);
    });
    server.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' ? done(undefined) : fail(err),
    );
    server.listen(address, () => {
      server.removeAllListeners('error');
      server.on('error', () => {});
      // The lock never keeps the process alive on its own.
      server.unref();
      done(server);
    });
  });
}

/** Closing unlinks the socket file (libuv does it for a path it bound). */
function close(server: Server): Promise<void> {
  return new Promise((done) => server.close(() => done()));
}

/**
 * Becomes the listener at `address`. A dead socket left there is removed only while holding a
 * guard, `<address>.takeover`, taken the same way: two starters that both found it dead would
 * otherwise each remove it and the slower one would remove the faster one's live socket. Under
 * the guard nobody else removes anything, so a socket still dead when re-checked is safe to
 * remove. A guard left dead by a starter that died mid-take-over is taken over the same way, one
 * level deeper.
 */
async function acquire(
  address: string,
  file: string,
  onHeld: 'refuse' | 'wait',
  depth = 0,
): Promise<Server> {
  const giveUpAt = Date.now() + TAKEOVER_WAIT_MS;
  for (;;) {
    const server = await listen(address);
    if (server) return server;
    const found = await probe(address);
    if (found.state === 'gone') continue;
    if (found.state === 'live') {
      if (onHeld === 'refuse') throw new DataDirLockedError(dirname(file), found.pid);
      if (Date.now() > giveUpAt) {
        throw new Error(`Another server has been taking over ${file} for too long; try again.`);
      }
      await sleep(20);
      continue;
    }
    if (depth >= MAX_GUARD_DEPTH) {
      throw new Error(`Cannot take over the stale lock ${file}; delete it and start again.`);
    }
    const guard = await acquire(`${address}.takeover`, `${file}.takeover`, 'wait', depth + 1);
    try {
      const again = await probe(address);
      // Someone was quicker: back to the top, which refuses or waits as asked.
      if (again.state === 'live') continue;
      if (again.state === 'dead') {
        try {
          unlinkSync(file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      // Listening before the guard is given back makes the take-over one step for the others;
      // if someone was quicker, the loop finds them live.
      const server = await listen(address);
      if (server) return server;
    } finally {
      await close(guard);
    }
  }
}

/**
 * The name to bind: the absolute path, or a shorter one to the same file when it is too long
 * for a socket address. Returns the descriptor to close for the /proc form.
 */
function socketAddress(file: string): { address: string; fd?: number } {
  if (Buffer.byteLength(file) <= MAX_SOCKET_PATH) return { address: file };
  const fromCwd = relative(process.cwd(), file);
  if (Buffer.byteLength(fromCwd) <= MAX_SOCKET_PATH) return { address: fromCwd };
  if (process.platform === 'linux') {
    // The folder through an open descriptor of it: a short path to a long one.
    const fd = openSync(dirname(file), 'r');
    return { address: `/proc/self/fd/${fd}/${basename(file)}`, fd };
  }
  throw new Error(`The data folder's path is too long for its lock (${file}); use a shorter one.`);
}

/** Takes the folder's lock for this process; resolves with the function that gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  const { address, fd } = socketAddress(file);
  let server: Server;
  try {
    server = await acquire(address, file, 'refuse');
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    throw err;
  }
  let released: Promise<void> | undefined;
  return () => {
    released ??= close(server).finally(() => {
      if (fd !== undefined) closeSync(fd);
    });
    return released;
  };
}
