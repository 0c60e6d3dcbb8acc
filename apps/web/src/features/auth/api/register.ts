import { useMutation } from '@tanstack/react-query';
import type { RegisterFields } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { readSignInBody, type SignInResult } from './login';

/** POST /api/auth/register: 201 {token, user}. */
export async function register(input: RegisterFields): Promise<SignInResult> {
  const body = await apiRequest<unknown>('/auth/register', {
    body: { name: input.name.trim(), email: input.email.trim(), password: input.password },
  });
  return readSignInBody(body, input.email.trim());
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
