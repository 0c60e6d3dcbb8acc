import { useMutation } from '@tanstack/react-query';
import type { LoginFields } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { extractToken, extractUser, type AuthUser } from '../user';

export interface SignInResult {
  token: string;
  user: AuthUser;
}

/** Reads a login or registration body, which may hold the user nested or at the top level. */
export function readSignInBody(body: unknown, email: string): SignInResult {
  const token = extractToken(body);
  if (!token) throw new Error('The server did not return a session token');
  return { token, user: extractUser(body) ?? { email } };
}

/** POST /api/auth/login: 200 {token, user}; 401 'Invalid credentials'. */
export async function login(input: LoginFields): Promise<SignInResult> {
  const body = await apiRequest<unknown>('/auth/login', {
    body: { email: input.email.trim(), password: input.password },
  });
  return readSignInBody(body, input.email.trim());
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
