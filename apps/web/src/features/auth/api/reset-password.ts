import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/** POST /api/auth/reset-password/:token: 200, or 400 when the link is unknown, used or expired. */
export async function resetPassword({
  token,
  password,
}: {
  token: string;
  password: string;
}): Promise<void> {
  await apiRequest<unknown>(`/auth/reset-password/${encodeURIComponent(token)}`, {
    body: { password },
  });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
