import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * DELETE /api/auth/account with the account's password. Rooms the user owns pass to their
 * longest-standing admin or member, or are deleted when empty
 * (docs/decisions/0013-deleting-an-account.md).
 */
export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiRequest<unknown>('/auth/account', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
