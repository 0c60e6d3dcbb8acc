// Only the type: the runtime schema would bring zod into every chunk that makes a request.
import type { ErrorBody } from '@studycircle/shared';
import { getAuthToken } from './auth-token';
import { pageIsBeingLeft } from './page-lifecycle';
import { announceSessionEnded, SESSION_ENDED_CODE } from './session-ended';
import { reportRequestFailure } from './use-online-status';

/**
 * The one HTTP client. Every call goes to the same-origin API under /api with JSON bodies and,
 * when a token is known, a bearer header. A non-2xx answer becomes an HttpError carrying the
 * server's message, so screens show it or fall back to their own sentence (docs/product.md §16.1).
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    /** True when the server said something a person can read (not a network failure). */
    readonly hasServerMessage: boolean,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export { getAuthToken };

/** The server's own sentence in a failed request, when it sent one a person can read. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof HttpError && error.hasServerMessage ? error.message : undefined;
}

/**
 * The one rule for what a screen says when a request failed: the server's own sentence when it
 * sent one, else the screen's fallback. Where the product's error catalogue gives a screen a
 * fallback that depends on how the request failed (a 404, no answer at all, a bare status), the
 * screen passes a function that picks it; it runs only when the server said nothing readable.
 */
export function errorMessage(
  error: unknown,
  fallback: string | ((error: unknown) => string),
): string {
  return serverMessage(error) ?? (typeof fallback === 'string' ? fallback : fallback(error));
}

/**
 * A fallback for the sign-in screens, whose catalogue entries read "server message, else the
 * error message, else ...": a request that got no answer says so in the client's own sentence.
 */
export function networkErrorOr(fallback: string): (error: unknown) => string {
  return (error) => (error instanceof HttpError && error.status === 0 ? error.message : fallback);
}

const ERROR_FIELDS = ['message', 'error', 'code'] as const;

/**
 * The error body's fields, checked by hand with the rules of the shared ErrorBodySchema made
 * partial: an object whose message, error and code are each absent or a string. Anything else
 * (HTML from a proxy, a field of the wrong type) counts as no usable body.
 */
function readErrorBody(data: unknown): Partial<ErrorBody> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const body = data as Record<string, unknown>;
  const fields: Partial<ErrorBody> = {};
  for (const field of ERROR_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') return null;
    fields[field] = value;
  }
  return fields;
}

/**
 * What a request that got no (whole) answer throws. An abort stays an abort, and so does a request
 * the browser cancelled because the page is being left: neither says anything about the network or
 * the session, and callers already let aborts pass. Anything else is the network's fault (status 0).
 */
export function noAnswer(err: unknown): Error {
  if (err instanceof DOMException && err.name === 'AbortError') return err;
  if (pageIsBeingLeft()) return new DOMException('The page is being left.', 'AbortError');
  // The online indicator checks the connection now rather than later.
  reportRequestFailure();
  return new HttpError(0, 'Network error. Check your connection and try again.', undefined, false);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    throw noAnswer(err);
  }

  let text: string;
  try {
    text = await response.text();
  } catch (err) {
    // The connection dropped mid-answer: as good as no answer, whatever the status said.
    throw noAnswer(err);
  }
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const body = readErrorBody(data);
    // This token's session was ended on another device: the app says so and goes to sign-in.
    if (token && response.status === 401 && body?.code === SESSION_ENDED_CODE) {
      announceSessionEnded();
    }
    const message = body ? (body.message ?? body.error) : undefined;
    throw new HttpError(
      response.status,
      message ?? `HTTP error! status: ${response.status}`,
      body?.code,
      Boolean(message),
    );
  }
  return data as T;
}

/**
 * A file from the API (a shared note's bytes) as a Blob, with the same bearer header and the same
 * HttpError on failure as `apiRequest`. Files need the header, so a plain link cannot fetch them;
 * the caller turns the Blob into an object URL to show or save it.
 */
export async function apiBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      headers,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    throw noAnswer(err);
  }
  if (response.ok) return response.blob();
  let body: Partial<ErrorBody> | null = null;
  try {
    body = readErrorBody(JSON.parse(await response.text()));
  } catch {
    body = null;
  }
  if (token && response.status === 401 && body?.code === SESSION_ENDED_CODE) announceSessionEnded();
  const message = body ? (body.message ?? body.error) : undefined;
  throw new HttpError(
    response.status,
    message ?? `HTTP error! status: ${response.status}`,
    body?.code,
    Boolean(message),
  );
}

/**
 * Sends a file's bytes as the raw body of a POST (`application/octet-stream`) and reports the
 * upload's progress, which `fetch` cannot do in every browser yet (a streamed request body is
 * Chromium-only and has no progress event); hence the one XMLHttpRequest of the app. The answer
 * and the errors are `apiRequest`'s: JSON back, an HttpError with the server's message on
 * a refusal, an AbortError when `signal` aborts.
 */
export function apiUpload<T>(
  path: string,
  file: Blob,
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getAuthToken();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) =>
      options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(noAnswer(new Error('upload failed')));
    };
    xhr.onload = () => {
      done();
      let data: unknown = undefined;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      const body = readErrorBody(data);
      if (token && xhr.status === 401 && body?.code === SESSION_ENDED_CODE) announceSessionEnded();
      const message = body ? (body.message ?? body.error) : undefined;
      reject(
        new HttpError(
          xhr.status,
          message ?? `HTTP error! status: ${xhr.status}`,
          body?.code,
          Boolean(message),
        ),
      );
    };
    if (options.signal?.aborted) return xhr.abort();
    xhr.send(file);
  });
}
