import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Large file bytes kept outside the database, by key (room files: `<roomId>/<fileId>`), streamed
 * in and out so no whole file is ever held in memory (docs/decisions/0074-room-files.md). The
 * interface is small on purpose so an S3-compatible object store can implement it: `put` is a
 * streamed PutObject (or a multipart upload), `get` a GetObject with a Range, `delete` a
 * DeleteObject, `deletePrefix` a listing and a batch delete. What may be read, and by whom, is
 * the caller's rule; the caller also checks the bytes on their way in.
 */
export interface BlobStore {
  /**
   * Stores `source` under `key` once it ended without an error; on an error (a refused type, a
   * size past the limit, a client that went away) nothing is left and the error is rethrown.
   * Resolves with the number of bytes stored.
   */
  put(key: string, source: Readable): Promise<{ size: number }>;
  /** The bytes from `start` to `end` inclusive (the whole file without them); undefined if none. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  /** Removes one file; nothing happens when there was none. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (a deleted room's folder). */
  deletePrefix(prefix: string): Promise<void>;
}

/** The default store: a folder (the data folder's `room-files/`), shared by every node. */
export interface DiskBlobStore extends BlobStore {
  readonly root: string;
}

/** Keys are ours (ids of 24 hex characters joined by `/`), but a path never leaves the root. */
/** A file in `.partial/` untouched for this long is a crashed upload's. */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

const KEY_PATTERN = /^[a-z0-9]+(?:\/[a-z0-9]+)*$/;

export function createDiskBlobStore(root: string): DiskBlobStore {
  const base = resolve(root);
  // Uploads under way are written here and renamed into place only when whole, so a reader never
  // sees half a file and a crash leaves only this folder's leftovers. Those are removed at the
  // first upload after a start, once an hour old: the folder may be shared by several nodes, and
  // another node's upload under way writes to its file all the time.
  const partial = join(base, '.partial');
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`bad blob key: ${key}`);
    const path = join(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`bad blob key: ${key}`);
    return path;
  };
  let ready: Promise<unknown> | undefined;
  const init = () =>
    (ready ??= (async () => {
      await mkdir(partial, { recursive: true });
      const staleBefore = Date.now() - STALE_PARTIAL_MS;
      for (const name of await readdir(partial)) {
        const path = join(partial, name);
        const info = await stat(path).catch(() => undefined);
        if (info && info.mtimeMs < staleBefore) await rm(path, { force: true });
      }
    })());

  return {
    root: base,
    async put(key, source) {
      const path = pathOf(key);
      await init();
      const temp = join(partial, `${randomBytes(12).toString('hex')}`);
      let size = 0;
      source.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        // `wx`: a fresh file, never one someone else is writing.
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        await mkdir(dirname(path), { recursive: true });
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return { size };
    },
    async get(key, range) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return undefined;
      }
      return createReadStream(path, range);
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
