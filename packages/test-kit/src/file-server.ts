import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small static file server on its own loopback port, so a test links to a file on another
 * origin, as a real link to a video host would be. It answers HTTP Range requests (206 with
 * Content-Range, 416 for a range past the end), which a browser's <video> uses to start playing
 * and to seek without downloading the whole file. Paths it does not know are 404.
 */

export interface FileServerRoute {
  /** A file on disk, read once at start. */
  file?: string;
  /** Or the bytes themselves. */
  body?: string | Buffer;
  contentType: string;
}

export interface FileServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  origin: string;
  /** Requests answered so far, by path (a browser's range requests each count). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

interface Loaded {
  bytes: Buffer;
  contentType: string;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a file of `size` bytes; null when unsatisfiable. */
export function parseRange(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // The last n bytes.
    const n = Number(match[2]);
    if (n === 0) return null;
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return null;
  return { start, end };
}

function answer(req: IncomingMessage, res: ServerResponse, file: Loaded): void {
  const size = file.bytes.length;
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', file.contentType);
  const header = req.headers.range;
  if (header) {
    const range = parseRange(header, size);
    if (!range) {
      res.writeHead(416, { 'Content-Range': `bytes */${size}` });
      res.end();
      return;
    }
    res.writeHead(206, {
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
      'Content-Length': range.end - range.start + 1,
    });
    res.end(req.method === 'HEAD' ? undefined : file.bytes.subarray(range.start, range.end + 1));
    return;
  }
  res.writeHead(200, { 'Content-Length': size });
  res.end(req.method === 'HEAD' ? undefined : file.bytes);
}

/** Serves `routes` (path -> file or bytes) on a free loopback port. */
export async function startFileServer(
  routes: Record<string, FileServerRoute>,
): Promise<FileServer> {
  const files = new Map<string, Loaded>();
  for (const [path, route] of Object.entries(routes)) {
    const bytes = route.file ? await readFile(route.file) : Buffer.from(route.body ?? '');
    files.set(path, { bytes, contentType: route.contentType });
  }
  const requests = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    } else if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    } else {
      answer(req, res, file);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
