/**
 * Defensive access to localStorage and sessionStorage: a missing, corrupt or unavailable value
 * reads as the fallback, and writes never throw (private mode, full quota). Each feature owns its
 * own keys in a small module built on these helpers.
 */

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

export function writeString(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the app keeps working from memory.
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

export function writeJson(key: string, value: unknown, which: Area = 'local'): void {
  writeString(key, JSON.stringify(value), which);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isArray = (value: unknown): value is unknown[] => Array.isArray(value);
