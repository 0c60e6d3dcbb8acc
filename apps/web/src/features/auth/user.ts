import { isRecord } from '../../lib/storage';

/**
 * The signed-in user as the web app holds it. The server sends the full shape (shared `User`),
 * but cached copies written by older builds or other screens may lack fields or spell them
 * differently, so everything is optional and unknown extras are kept.
 */
export interface AuthUser {
  id?: string;
  _id?: string;
  name?: string;
  email?: string;
  phone?: string;
  location?: string;
  bio?: string;
  profilePic?: string;
  university?: string;
  major?: string;
  yearOfStudy?: string;
  createdAt?: string;
  joinDate?: string;
  [key: string]: unknown;
}

const looksLikeUser = (value: Record<string, unknown>) =>
  ['id', '_id', 'email', 'name'].some((key) => typeof value[key] === 'string');

/** Drops the token so a user record can be cached or shown without carrying a credential. */
function withoutToken(user: Record<string, unknown>): AuthUser {
  const { token: _token, ...rest } = user;
  return rest as AuthUser;
}

/**
 * Finds the user in a response body: under `user`, under `data` (or `data.user`), or at the top
 * level (docs/product.md §3.9). Returns null when none of those looks like a user.
 */
export function extractUser(body: unknown): AuthUser | null {
  if (!isRecord(body)) return null;
  const candidates: unknown[] = [body.user, isRecord(body.data) ? body.data.user : undefined];
  candidates.push(body.data, body);
  for (const candidate of candidates) {
    if (isRecord(candidate) && looksLikeUser(candidate)) return withoutToken(candidate);
  }
  return null;
}

/** The token from a login or registration body: top level, or beside the user under `data`. */
export function extractToken(body: unknown): string | null {
  if (!isRecord(body)) return null;
  const places: unknown[] = [body.token, isRecord(body.data) ? body.data.token : undefined];
  places.push(isRecord(body.user) ? body.user.token : undefined);
  const token = places.find((value) => typeof value === 'string' && value !== '');
  return typeof token === 'string' ? token : null;
}

/** Fields a person edits on the profile screen; their cached copy wins over the server's. */
export const LOCALLY_OWNED_FIELDS = [
  'phone',
  'location',
  'bio',
  'university',
  'major',
  'yearOfStudy',
  'profilePic',
] as const;

const present = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/**
 * docs/product.md §2.7: fresh profile data merged over the cache, except that cached
 * phone, location, bio, university, major, yearOfStudy and profilePic win when present. Profile
 * edits are saved locally first, so the cache can be newer than the server for those fields.
 */
export function mergeProfile(fresh: AuthUser, cached: AuthUser | null): AuthUser {
  const merged: AuthUser = { ...(cached ?? {}), ...fresh };
  if (cached) {
    for (const field of LOCALLY_OWNED_FIELDS) {
      if (present(cached[field])) merged[field] = cached[field];
    }
  }
  if (!merged.joinDate && typeof merged.createdAt === 'string') merged.joinDate = merged.createdAt;
  return merged;
}

/** Overlays records in order; a later record's non-empty fields replace earlier ones. */
export function overlayUsers(records: readonly (AuthUser | null)[]): AuthUser | null {
  let result: AuthUser | null = null;
  for (const record of records) {
    if (!record) continue;
    result = { ...(result ?? {}) };
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'token' && present(value)) result[key] = value;
    }
  }
  return result;
}
