import type { AuthUser } from './user';

/**
 * docs/product.md §15.3: the 'userDataUpdated' window event carries fresh user data to the navbar
 * (and anything else showing the user), so a profile edit shows up at once without a refetch.
 */
export const USER_DATA_UPDATED = 'userDataUpdated';

export function dispatchUserDataUpdated(user: AuthUser): void {
  window.dispatchEvent(new CustomEvent<AuthUser>(USER_DATA_UPDATED, { detail: user }));
}

/** Subscribes to user updates; returns the unsubscribe function for an effect's cleanup. */
export function onUserDataUpdated(handler: (user: AuthUser) => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (detail && typeof detail === 'object' && !Array.isArray(detail)) handler(detail as AuthUser);
  };
  window.addEventListener(USER_DATA_UPDATED, listener);
  return () => window.removeEventListener(USER_DATA_UPDATED, listener);
}
