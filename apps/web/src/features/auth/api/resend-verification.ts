import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * POST /api/auth/resend-verification: mails the signed-in user a new verification link. 409 when
 * the address is verified already, 429 past the hourly allowance, 503 when the mail cannot go.
 */
export async function resendVerification(): Promise<VerifyEmailResponse> {
  return apiRequest<VerifyEmailResponse>('/auth/resend-verification', { method: 'POST' });
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}
