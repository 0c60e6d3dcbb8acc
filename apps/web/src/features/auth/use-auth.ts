import { createContext, useContext } from 'react';
import type { AuthUser } from './user';

export interface AuthContextValue {
  /** The signed-in user, or null when signed out (or still loading). */
  user: AuthUser | null;
  /** True until the stored token (if any) has been checked against the server. */
  loading: boolean;
  /** True after Sign Out in this tab, until the next sign-in: nobody is "on their way" anywhere. */
  signedOut: boolean;
  /**
   * True when this device's session was ended on another one (or by "Sign out of all devices",
   * a password change or reset there), until the next sign-in: the sign-in screen says so.
   */
  endedElsewhere: boolean;
  /** Login or registration succeeded: store the token and user, remember the email. */
  completeSignIn: (token: string, user: AuthUser, email: string) => void;
  /** A failing login sets the user to none (docs/product.md §3.7). */
  clearUser: () => void;
  /**
   * Sign Out: back up the user, tell the server, forget the token and everything account-bound
   * (the backups and lastLoginEmail stay). The caller navigates. Ends this device's session
   * only; with `everywhere` every session of the account ends (and a refusal is thrown, with
   * nothing forgotten).
   */
  signOut: (everywhere?: boolean) => Promise<void>;
  /**
   * Runs `work`, which ends this device's session itself (deleting the account): the server's
   * word that the session ended, which may arrive first, is not taken as "signed out on another
   * device" meanwhile. `work` forgets the token before it returns.
   */
  endingOwnSession: <T>(work: () => Promise<T>) => Promise<T>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
