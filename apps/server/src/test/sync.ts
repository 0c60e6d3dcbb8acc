import { randomBytes } from 'node:crypto';
import {
  FILE_NOTE_MAX_BYTES,
  type SyncKind,
  type SyncMutation,
  type SyncPullResponse,
  type SyncPushResponse,
} from '@studycircle/shared';
import { http, type HttpResult } from './app.js';

/**
 * Helpers for sync tests: a valid record of each kind, mutations with fresh ids, push and pull
 * over real HTTP, and real file bytes of each allowed type.
 */

export const SAMPLE_DATA = {
  task: {
    title: 'Read chapter 3',
    due: '2026-12-01',
    priority: 'high',
    status: 'open',
    createdAt: 1_764_000_000_000,
  },
  textNote: {
    title: 'Cells',
    text: 'Mitochondria make ATP.',
    type: 'notes',
    author: 'You',
    downloads: 0,
    room: 'Personal',
    uploadedAt: '2026-11-24T10:00:00.000Z',
  },
  fileNote: {
    fileName: 'diagram.png',
    fileType: 'image/png',
    size: 64,
    uploadedAt: '2026-11-24T10:00:00.000Z',
  },
  resource: {
    title: 'Khan Academy: cells',
    link: 'https://www.khanacademy.org/science/biology',
    type: 'video',
    tags: ['biology'],
    uploadedAt: 1_764_000_000_000,
    by: 'You',
  },
} as const;

let counter = 0;
export const mutationId = () => `m-${++counter}-${randomBytes(4).toString('hex')}`;
export const recordId = (prefix = 'r') =>
  `${prefix}-${++counter}-${randomBytes(3).toString('hex')}`;

export function put(kind: SyncKind, id: string, data: object = SAMPLE_DATA[kind]): SyncMutation {
  return { mutationId: mutationId(), op: 'put', kind, id, at: Date.now(), data } as SyncMutation;
}

export function del(kind: SyncKind, id: string): SyncMutation {
  return { mutationId: mutationId(), op: 'delete', kind, id, at: Date.now() };
}

export function push(baseUrl: string, token: string, mutations: unknown[]) {
  return http<SyncPushResponse>(baseUrl, 'POST', '/api/sync/push', {
    token,
    body: { mutations },
  });
}

/** Pushes and fails unless the push answered 200. */
export async function pushOk(baseUrl: string, token: string, mutations: unknown[]) {
  const res = await push(baseUrl, token, mutations);
  if (res.status !== 200) throw new Error(`push: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.results;
}

export function pull(baseUrl: string, token: string, query = '') {
  return http<SyncPullResponse>(baseUrl, 'GET', `/api/sync/pull${query}`, { token });
}

/** Every page from `since`, as a client catching up does. */
export async function pullAll(baseUrl: string, token: string, since = 0, limit?: number) {
  const changes: SyncPullResponse['changes'] = [];
  let cursor = since;
  for (;;) {
    const res = await pull(baseUrl, token, `?since=${cursor}${limit ? `&limit=${limit}` : ''}`);
    if (res.status !== 200) throw new Error(`pull: ${res.status} ${JSON.stringify(res.body)}`);
    changes.push(...res.body.changes);
    cursor = res.body.cursor;
    if (!res.body.hasMore) return { changes, cursor };
  }
}

/** A real file's first bytes, padded to `size` bytes. */
export function fileBytes(type: 'png' | 'jpeg' | 'pdf', size = 64): Buffer {
  const head = {
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    pdf: Buffer.from('%PDF-1.7\n'),
  }[type];
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}

export const TOO_LARGE = FILE_NOTE_MAX_BYTES + 1;

/** PUT /api/sync/files/:id with raw bytes. */
export async function uploadFile(
  baseUrl: string,
  token: string,
  id: string,
  bytes: Buffer,
  contentType = 'application/octet-stream',
): Promise<HttpResult> {
  const res = await fetch(`${baseUrl}/api/sync/files/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: bytes,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** GET /api/sync/files/:id: the status, headers and bytes. */
export async function downloadFile(baseUrl: string, token: string | undefined, id: string) {
  const res = await fetch(`${baseUrl}/api/sync/files/${encodeURIComponent(id)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
