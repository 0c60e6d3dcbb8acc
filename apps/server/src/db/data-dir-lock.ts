import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One server per data folder. Embedded PGlite keeps the database in DATA_DIR and is not built for
 * two processes: each would run on its own copy in memory and the writes of one would be lost
 * when the other stopped. The first server writes its pid into `DATA_DIR/server.lock`; a second
 * one refuses to start while that process lives, and takes over a lock whose process has gone
 * (a crash or SIGKILL leaves the file behind). Several nodes need PostgreSQL (DATABASE_URL).
 */

export const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another StudyCircle server (pid ${pid}) is already using the data folder ${dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR. Several nodes need PostgreSQL ' +
        `(DATABASE_URL). If no such process is running, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it still holds the folder.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the folder's lock for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  // Two tries: the second after clearing a stale lock. `wx` creates the file only if it does not
  // exist, atomically, so two servers starting at the same moment cannot both win.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return () => {
        if (readPid(file) === process.pid) unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readPid(file);
      if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(dir, holder);
      // The holder is gone (or the file is unreadable half-written junk): take the folder over.
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(dir, readPid(file) ?? 0);
}
