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
 * currentUser, userProfile, userBackup, userAvatar, profileData and lastLoginEmail. Corrupt values
 * read as missing.
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
  userAvatar: 'userAvatar',
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

/** The profileData record of spec section 3: the fields a returning visitor sees first. */
function profileDataOf(user: AuthUser, savedAt: string) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(user.name),
    email: text(user.email),
    profilePic: text(user.profilePic),
    phone: text(user.phone),
    location: text(user.location),
    savedAt,
  };
}

/**
 * Saves an edited profile under every key that holds it (spec section 3): userProfile (the whole
 * profile), profileData, userAvatar ({profilePic, userId, savedAt}) and the user keys the navbar
 * and other screens read. `savedAt` (ISO time) lets another tab tell that this copy is newer.
 */
export function storeProfile(user: AuthUser, savedAt: string = new Date().toISOString()): void {
  const { token: _token, ...clean } = user;
  writeJson(KEYS.userProfile, { ...clean, savedAt });
  writeJson(KEYS.profileData, profileDataOf(clean, savedAt));
  const userId = typeof clean.id === 'string' ? clean.id : (clean._id ?? '');
  writeJson(KEYS.userAvatar, { profilePic: clean.profilePic ?? '', userId, savedAt });
  storeUser(clean);
}

/**
 * The most recently saved profile copy (userProfile, else profileData) and when it was saved
 * (ms; 0 when unknown), for the profile page to adopt a newer copy saved in another tab.
 */
export function readSavedProfile(): { user: AuthUser | null; savedAt: number } {
  const profile = readUserEntry(KEYS.userProfile);
  const time = (entry: AuthUser | null) => {
    const value = entry ? Date.parse(String(entry.savedAt ?? '')) : NaN;
    return Number.isFinite(value) ? value : 0;
  };
  const avatar = readJson<Record<string, unknown> | null>(KEYS.userAvatar, null, isRecord);
  const user = readCachedUser();
  // A newer avatar saved on its own (userAvatar) wins over the profile copy's picture.
  if (user && avatar && typeof avatar.profilePic === 'string' && avatar.profilePic !== '') {
    const avatarTime = Date.parse(String(avatar.savedAt ?? ''));
    if (Number.isFinite(avatarTime) && avatarTime >= time(profile))
      user.profilePic = avatar.profilePic;
  }
  return {
    user,
    savedAt: Math.max(time(profile), time(readUserEntry(KEYS.profileData))),
  };
}

/**
 * A deleted account: forgets the session and every copy of the person's data kept for them
 * (the user keys, backups, avatar and last sign-in email), in both storage areas.
 */
export function forgetAccount(): void {
  removeToken();
  for (const key of Object.values(KEYS)) {
    removeKey(key);
    removeKey(key, 'session');
  }
}
