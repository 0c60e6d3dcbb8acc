/**
 * Defensive access to localStorage and sessionStorage: a missing, corrupt or unavailable value
 * reads as the fallback. Writes never throw either, but report whether they landed (false on a
 * full quota or blocked storage), so a store whose data the user would lose (a note, a task) can
 * say so instead of pretending it saved; such stores throw StorageWriteError. Callers that only
 * keep a cache may ignore the result. Each feature owns its own keys in a small module built on
 * these helpers.
 */

/**
 * A write the browser refused (storage full or blocked). The previous value stays as it was: a
 * failed setItem leaves the key untouched, so nothing already saved is lost.
 */
export class StorageWriteError extends Error {
  constructor(readonly key: string) {
    super(
      "Your browser's storage is full, so this change was not saved. Delete some notes or files and try again.",
    );
    this.name = 'StorageWriteError';
  }
}

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a string; true when it landed, false when storage is full, blocked or missing. */
export function writeString(key: string, value: string, which: Area = 'local'): boolean {
  const storage = area(which);
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    // Storage full (QuotaExceededError) or blocked: the caller decides whether the user must know.
    return false;
  }
}

export function removeKey(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing to do: the value is unreachable either way.
  }
}

/** Parses a JSON value; anything unreadable, or failing `isValid`, gives the fallback. */
export function readJson<T>(
  key: string,
  fallback: T,
  isValid: (value: unknown) => value is T = (_v): _v is T => true,
  which: Area = 'local',
): T {
  const raw = readString(key, which);
  if (raw === null) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Stores a JSON value; true when it landed (see writeString). */
export function writeJson(key: string, value: unknown, which: Area = 'local'): boolean {
  return writeString(key, JSON.stringify(value), which);
}

/** Stores a JSON value, or throws StorageWriteError so the user can be told it was not saved. */
export function writeJsonOrThrow(key: string, value: unknown, which: Area = 'local'): void {
  if (!writeJson(key, value, which)) throw new StorageWriteError(key);
}

/**
 * Writes several JSON values as one change: if the browser refuses any of them, the ones already
 * written are put back and StorageWriteError is thrown, so related keys never disagree.
 */
export function writeJsonAllOrThrow(
  entries: ReadonlyArray<readonly [key: string, value: unknown]>,
  which: Area = 'local',
): void {
  const before = entries.map(([key]) => readString(key, which));
  entries.forEach(([key, value], index) => {
    if (writeJson(key, value, which)) return;
    for (let i = index - 1; i >= 0; i -= 1) {
      const [earlierKey] = entries[i]!;
      const previous = before[i];
      // Putting back what was there before fits: it fitted a moment ago.
      if (previous === null || previous === undefined) removeKey(earlierKey, which);
      else writeString(earlierKey, previous, which);
    }
    throw new StorageWriteError(key);
  });
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isArray = (value: unknown): value is unknown[] => Array.isArray(value);
