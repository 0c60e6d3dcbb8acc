import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/**
 * POST /api/auth/forgot-password: always 200 for a well-formed address, whether or not an account
 * exists, so the screen cannot be used to discover who has signed up.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<unknown>('/auth/forgot-password', { body: { email: email.trim() } });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
