import { createContext, useContext } from 'react';
import type { AuthUser } from './user';

export interface AuthContextValue {
  /** The signed-in user, or null when signed out (or still loading). */
  user: AuthUser | null;
  /** True until the stored token (if any) has been checked against the server. */
  loading: boolean;
  /** True after Sign Out in this tab, until the next sign-in: nobody is "on their way" anywhere. */
  signedOut: boolean;
  /** Login or registration succeeded: store the token and user, remember the email. */
  completeSignIn: (token: string, user: AuthUser, email: string) => void;
  /** A failing login sets the user to none (docs/product.md §3.7). */
  clearUser: () => void;
  /**
   * Sign Out: back up the user, tell the server, forget the token and everything account-bound
   * (the backups and lastLoginEmail stay). The caller navigates.
   */
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
