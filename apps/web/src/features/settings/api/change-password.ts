import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { extractToken, extractUser, type AuthUser } from '../../auth';

/**
 * POST /api/auth/change-password: the server retires every earlier token and answers a fresh one
 * with the user, which the caller stores so this browser stays signed in.
 */
export async function changePassword(
  input: ChangePasswordInput,
): Promise<{ token: string; user: AuthUser }> {
  const body = await apiRequest<unknown>('/auth/change-password', { method: 'POST', body: input });
  const token = extractToken(body);
  const user = extractUser(body);
  if (!token || !user) throw new Error('The change-password response held no session');
  return { token, user };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
