import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/render';
import { apiRequest, errorMessage, HttpError, networkErrorOr, serverMessage } from './http';

afterEach(() => vi.unstubAllGlobals());

/** The error apiRequest throws for one answer from the server. */
async function failureFor(answer: { status: number; body?: unknown }): Promise<unknown> {
  mockApi({ 'GET /api/thing': answer });
  return apiRequest('/thing').then(
    () => {
      throw new Error('expected the request to fail');
    },
    (err: unknown) => err,
  );
}

describe('errorMessage', () => {
  it("shows the server's message when it sent one", async () => {
    const error = await failureFor({
      status: 409,
      body: { message: 'That room is full.', error: 'Conflict', code: 'ROOM_FULL' },
    });
    expect(errorMessage(error, 'Could not join.')).toBe('That room is full.');
    expect(serverMessage(error)).toBe('That room is full.');
  });

  it("takes the body's error field when there is no message", async () => {
    const error = await failureFor({ status: 400, body: { error: 'Bad code' } });
    expect(errorMessage(error, 'Could not join.')).toBe('Bad code');
  });

  it.each([
    ['no body', { status: 500 }],
    ['an empty body', { status: 502, body: {} }],
    ['a field of the wrong type', { status: 400, body: { message: 42 } }],
    ['a list', { status: 400, body: ['x'] }],
  ])('shows the fallback for %s', async (_label, answer) => {
    const error = await failureFor(answer);
    expect(error).toBeInstanceOf(HttpError);
    expect(errorMessage(error, 'Could not join.')).toBe('Could not join.');
    expect(serverMessage(error)).toBeUndefined();
  });

  it('shows the fallback for a request that got no answer, and for errors that are not HTTP', async () => {
    mockApi({ 'GET /api/thing': () => Promise.reject(new TypeError('Failed to fetch')) });
    const offline = await apiRequest('/thing').catch((err: unknown) => err);
    expect(errorMessage(offline, 'Could not join.')).toBe('Could not join.');
    expect(errorMessage(new Error('boom'), 'Could not join.')).toBe('Could not join.');
    expect(errorMessage(undefined, 'Could not join.')).toBe('Could not join.');
  });

  it('asks a fallback function only when the server said nothing, passing it the error', async () => {
    const pick = vi.fn((e: unknown) =>
      e instanceof HttpError && e.status === 404 ? 'Room not found.' : 'Could not join.',
    );
    const notFound = await failureFor({ status: 404, body: {} });
    expect(errorMessage(notFound, pick)).toBe('Room not found.');
    expect(pick).toHaveBeenCalledWith(notFound);

    pick.mockClear();
    const spoken = await failureFor({ status: 404, body: { message: 'No room with that code.' } });
    expect(errorMessage(spoken, pick)).toBe('No room with that code.');
    expect(pick).not.toHaveBeenCalled();
  });
});

describe('networkErrorOr', () => {
  it("shows the client's network sentence for a request with no answer, else the fallback", async () => {
    mockApi({ 'GET /api/thing': () => Promise.reject(new TypeError('Failed to fetch')) });
    const offline = await apiRequest('/thing').catch((err: unknown) => err);
    expect(errorMessage(offline, networkErrorOr('Invalid credentials'))).toBe(
      'Network error. Check your connection and try again.',
    );
    const unauthorised = await failureFor({ status: 401 });
    expect(errorMessage(unauthorised, networkErrorOr('Invalid credentials'))).toBe(
      'Invalid credentials',
    );
  });
});

describe('apiRequest without a whole answer', () => {
  it('a connection cut while the body arrives is a network error (status 0), not a thrown TypeError', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"user":'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(cut, { status: 200 })),
    );
    const error = await apiRequest('/thing').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    expect(errorMessage(error, networkErrorOr('fallback'))).toBe(
      'Network error. Check your connection and try again.',
    );
  });
});

describe('apiRequest while the page is being left', () => {
  it('a request the browser cancels after pagehide is an abort, not a network error', async () => {
    mockApi({ 'GET /api/thing': () => Promise.reject(new TypeError('Failed to fetch')) });
    window.dispatchEvent(new Event('pagehide'));
    try {
      const error = await apiRequest('/thing').catch((err: unknown) => err);
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    // Back from the back-forward cache, the same failure is the network's again.
    const error = await apiRequest('/thing').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
  });
});
