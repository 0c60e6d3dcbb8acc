/** The signed-in user as the server knows it during a request or on a socket. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
}
