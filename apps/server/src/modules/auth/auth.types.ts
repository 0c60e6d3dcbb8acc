/** The signed-in user as the server knows it during a request or on a socket. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  /**
   * Whether the account proved it reads mail at `email` (docs/product.md §3.12). Anything that
   * trusts the address alone (the bell's invitations) must check it.
   */
  emailVerified: boolean;
  /** The device session the token names (docs/decisions/0021-one-sign-out-per-device.md). */
  sessionId: string;
}
