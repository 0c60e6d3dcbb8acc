import {
  isRecord,
  readJson,
  readString,
  removeKey,
  writeJson,
  writeString,
} from '../../lib/storage';
import { overlayUsers, type AuthUser } from './user';

/**
 * The account keys of spec section 3, owned here and nowhere else: token, authUser, user,
 * currentUser, userProfile, userBackup, profileData and lastLoginEmail. Corrupt values read as
 * missing.
 */

const KEYS = {
  token: 'token',
  authUser: 'authUser',
  user: 'user',
  currentUser: 'currentUser',
  userProfile: 'userProfile',
  userBackup: 'userBackup',
  profileData: 'profileData',
  lastLoginEmail: 'lastLoginEmail',
} as const;

const readUserEntry = (key: string): AuthUser | null =>
  readJson<AuthUser | null>(key, null, (v): v is AuthUser => isRecord(v));

/** Stores a fresh session's token. */
export function storeToken(token: string): void {
  writeString(KEYS.token, token);
}

/**
 * Forgets the token everywhere the bearer lookup could find it (the token key in both storage
 * areas and a token field inside authUser or user), so a rejected token is never sent again.
 */
export function removeToken(): void {
  removeKey(KEYS.token);
  removeKey(KEYS.token, 'session');
  for (const which of ['local', 'session'] as const) {
    for (const key of [KEYS.authUser, KEYS.user]) {
      const entry = readJson<Record<string, unknown> | null>(key, null, isRecord, which);
      if (entry && 'token' in entry) {
        const { token: _token, ...rest } = entry;
        writeJson(key, rest, which);
      }
    }
  }
}

/**
 * The best cached picture of the user: every cached copy overlaid, from the oldest kind (backups)
 * to the most direct (user), so each field comes from the most direct copy that has it.
 */
export function readCachedUser(): AuthUser | null {
  return overlayUsers([
    readUserEntry(KEYS.profileData),
    readUserEntry(KEYS.userBackup),
    readUserEntry(KEYS.userProfile),
    readUserEntry(KEYS.currentUser),
    readUserEntry(KEYS.authUser),
    readUserEntry(KEYS.user),
  ]);
}

/** Caches the signed-in user under the keys other screens read it from. */
export function storeUser(user: AuthUser): void {
  const { token: _token, ...clean } = user;
  writeJson(KEYS.user, clean);
  writeJson(KEYS.authUser, clean);
  writeJson(KEYS.currentUser, clean);
}

/** Sign Out keeps the person's data for next time (spec section 4): userBackup and profileData. */
export function backupUser(user: AuthUser): void {
  const { token: _token, ...clean } = user;
  writeJson(KEYS.userBackup, { ...clean, savedAt: new Date().toISOString() });
  writeJson(KEYS.profileData, {
    name: user.name ?? '',
    email: user.email ?? '',
    profilePic: user.profilePic ?? '',
    phone: user.phone ?? '',
    location: user.location ?? '',
    savedAt: new Date().toISOString(),
  });
}

export function readLastLoginEmail(): string | null {
  const email = readString(KEYS.lastLoginEmail);
  return email && email.trim() !== '' ? email : null;
}

export function storeLastLoginEmail(email: string): void {
  writeString(KEYS.lastLoginEmail, email.trim());
}

/** The email to prefill on the login screen: lastLoginEmail, else the stored user's. */
export function readPrefillEmail(): string {
  const cachedEmail = readCachedUser()?.email;
  return readLastLoginEmail() ?? (typeof cachedEmail === 'string' ? cachedEmail : '');
}
