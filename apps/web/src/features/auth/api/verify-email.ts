import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * POST /api/auth/verify-email/:token: 200 with a sentence to show (verified, or verified
 * already), or 400 when the link is unknown, expired or superseded. Needs no sign-in.
 */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiRequest<VerifyEmailResponse>(`/auth/verify-email/${encodeURIComponent(token)}`, {
    method: 'POST',
  });
}

export function useVerifyEmailMutation() {
  return useMutation({ mutationFn: verifyEmail });
}
