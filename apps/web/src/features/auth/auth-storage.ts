import {
  isRecord,
  readJson,
  readString,
  removeKey,
  writeJson,
  writeString,
} from '../../lib/storage';
import { overlayUsers, type AuthUser } from './user';
import { forgetVerifyBannerDismissal } from './verify-banner-storage';

/**
 * The account keys of docs/product.md §15.1, owned here and nowhere else: token, authUser, user,
 * currentUser, userProfile, userBackup, userAvatar, profileData and lastLoginEmail. Corrupt values
 * read as missing.
 *
 * Two kinds (docs/decisions/0010-account-data-in-the-browser.md): the live session (token, user,
 * authUser, currentUser, userProfile) ends with the session; the backups a returning person gets
 * back (userBackup, userAvatar, profileData, lastLoginEmail) stay after sign-out, and are only ever
 * read for that same person, so the next student on a shared computer never inherits them.
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

const LIVE_KEYS = [KEYS.user, KEYS.authUser, KEYS.currentUser, KEYS.userProfile] as const;

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Whether two records describe the same account: same id, else (no ids on both) same email. */
function sameAccount(a: AuthUser, b: AuthUser): boolean {
  const idA = text(a.id) ?? text(a._id);
  const idB = text(b.id) ?? text(b._id);
  if (idA && idB) return idA === idB;
  const emailA = text(a.email)?.toLowerCase();
  const emailB = text(b.email)?.toLowerCase();
  return emailA !== undefined && emailA === emailB;
}

const hasIdentity = (record: AuthUser) =>
  Boolean(text(record.id) ?? text(record._id) ?? text(record.email));

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
 * The best cached picture of one person: every cached copy of that account overlaid, from the
 * oldest kind (backups) to the most direct (user), so each field comes from the most direct copy
 * that has it.
 *
 * Whose: `owner` when given (the user who just signed in, or whose profile just arrived), else
 * whoever the live session keys describe. A copy of any other account is left out, and so are the
 * backups when nobody is signed in: the backups of the previous student on a shared computer must
 * never show in, or merge into, the next student's account (docs/decisions/0010).
 */
export function readCachedUser(owner?: AuthUser | null): AuthUser | null {
  const live = LIVE_KEYS.map(readUserEntry).filter((r): r is AuthUser => r !== null);
  const backups = [readUserEntry(KEYS.profileData), readUserEntry(KEYS.userBackup)].filter(
    (r): r is AuthUser => r !== null,
  );
  const who = owner ?? live.find(hasIdentity) ?? null;
  if (!who) {
    // Live copies that name nobody (written by an older build) can only be this session's.
    return overlayUsers([...live].reverse());
  }
  const mine = (record: AuthUser) => sameAccount(record, who);
  // A live copy without any identity is this session's own (sign-out removes the live keys); a
  // backup outlives sessions, so it must prove whose it is.
  const liveMine = live.filter((r) => mine(r) || !hasIdentity(r));
  return overlayUsers([...backups.filter(mine), ...liveMine.reverse()]);
}

/**
 * Ends the session in this browser: the token and every live copy of the user, in both storage
 * areas. The backups and lastLoginEmail stay for the person's return (docs/product.md §3.8).
 */
export function forgetSession(): void {
  removeToken();
  for (const key of LIVE_KEYS) removeKey(key);
  removeKey(KEYS.authUser, 'session');
  removeKey(KEYS.user, 'session');
  forgetVerifyBannerDismissal();
}

/** Caches the signed-in user under the keys other screens read it from. */
export function storeUser(user: AuthUser): void {
  const { token: _token, ...clean } = user;
  writeJson(KEYS.user, clean);
  writeJson(KEYS.authUser, clean);
  writeJson(KEYS.currentUser, clean);
}

/**
 * Sign Out keeps the person's data for next time (docs/product.md §3.8): userBackup and
 * profileData.
 */
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

/** The profileData record of docs/product.md §15.1: the fields a returning visitor sees first. */
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
 * Saves an edited profile under every key that holds it (docs/product.md §13.4): userProfile (the
 * whole profile), profileData, userAvatar ({profilePic, userId, savedAt}) and the user keys the
 * navbar and other screens read. `savedAt` (ISO time) lets another tab tell that this copy is
 * newer.
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
