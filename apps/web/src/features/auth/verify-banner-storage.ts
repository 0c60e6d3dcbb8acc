import { readString, removeKey, writeString } from '../../lib/storage';

/**
 * The `verifyEmailBannerDismissed` key (docs/product.md §15.1), owned here and nowhere else: in
 * session storage, the id of the account whose verification banner was dismissed, so it stays
 * away for this tab's session and comes back for another account or a new session.
 */
const KEY = 'verifyEmailBannerDismissed';

export function isVerifyBannerDismissed(userId: string): boolean {
  return userId !== '' && readString(KEY, 'session') === userId;
}

export function dismissVerifyBanner(userId: string): void {
  writeString(KEY, userId, 'session');
}

/** Sign-out forgets it with the rest of the session. */
export function forgetVerifyBannerDismissal(): void {
  removeKey(KEY, 'session');
}
