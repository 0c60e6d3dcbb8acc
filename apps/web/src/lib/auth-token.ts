import { isRecord, readJson, readString } from './storage';

/**
 * Where the bearer token lives. Kept apart from the HTTP client so the app shell can ask "is
 * anyone signed in?" without loading the client and its schemas on the landing page.
 */

const tokenFromUserEntry = (key: string, which: 'local' | 'session'): string | null => {
  const entry = readJson<Record<string, unknown> | null>(key, null, isRecord, which);
  const token = entry?.token;
  return typeof token === 'string' && token !== '' ? token : null;
};

/**
 * The bearer token, in the order of docs/product.md §3.7: the stored token, then a token inside the
 * authUser or user entries, in local storage and then session storage.
 */
export function getAuthToken(): string | null {
  const direct = readString('token') ?? readString('token', 'session');
  if (direct) return direct;
  for (const which of ['local', 'session'] as const) {
    for (const key of ['authUser', 'user']) {
      const token = tokenFromUserEntry(key, which);
      if (token) return token;
    }
  }
  return null;
}
