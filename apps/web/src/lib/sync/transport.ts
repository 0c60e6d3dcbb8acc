import type { SyncPullResponse, SyncPushInput, SyncPushResponse } from '@studycircle/shared';
import { apiRequest, getAuthToken, HttpError, noAnswer } from '../http';

/**
 * The sync endpoints (packages/shared sync.ts). JSON through the app's HTTP client; a file note's
 * bytes as a raw body, which that client does not send.
 */
export interface SyncTransport {
  push(input: SyncPushInput): Promise<SyncPushResponse>;
  pull(since: number): Promise<SyncPullResponse>;
  /** Uploads a file note's bytes (a data URL) before its put is pushed. */
  putFile(id: string, dataUrl: string): Promise<void>;
}

/** A data URL's bytes as a Blob of its own type. */
export function dataUrlBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const meta = dataUrl.slice(5, comma);
  const body = dataUrl.slice(comma + 1);
  const type = meta.split(';')[0] || 'application/octet-stream';
  if (!meta.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type });
  return new Blob([Uint8Array.from(atob(body), (c) => c.charCodeAt(0))], { type });
}

/** A Blob as a data URL (what the notes store keeps). */
export function blobDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

async function rawRequest(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getAuthToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch (err) {
    throw noAnswer(err);
  }
  if (response.ok) return response;
  let message: string | undefined;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown; code?: unknown };
    const text = body.message ?? body.error;
    message = typeof text === 'string' ? text : undefined;
    code = typeof body.code === 'string' ? body.code : undefined;
  } catch {
    message = undefined;
  }
  throw new HttpError(
    response.status,
    message ?? `HTTP error! status: ${response.status}`,
    code,
    Boolean(message),
  );
}

const filePath = (id: string) => `/sync/files/${encodeURIComponent(id)}`;

export const httpTransport: SyncTransport = {
  push: (input) => apiRequest<SyncPushResponse>('/sync/push', { method: 'POST', body: input }),
  pull: (since) => apiRequest<SyncPullResponse>(`/sync/pull?since=${since}`),
  async putFile(id, dataUrl) {
    const blob = dataUrlBlob(dataUrl);
    await rawRequest(filePath(id), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: blob,
    });
  },
};

/** A file note's bytes from the server, as a data URL (opened on a device that lacks them). */
export async function downloadFileNote(id: string): Promise<string> {
  const response = await rawRequest(filePath(id), { method: 'GET' });
  return blobDataUrl(await response.blob());
}
