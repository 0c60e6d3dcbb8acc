import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { pendingInvitationsQueryKey } from './get-my-invitations';

/**
 * POST /api/invitations/pending/:id/accept: accepts one of the caller's own pending invitations
 * (the server checks the invited address is the caller's). Answers the room to go to.
 */
export async function acceptPendingInvitation(id: string): Promise<AcceptInvitationResponse> {
  return apiRequest<AcceptInvitationResponse>(
    `/invitations/pending/${encodeURIComponent(id)}/accept`,
    { method: 'POST' },
  );
}

export function useAcceptPendingInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPendingInvitation,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pendingInvitationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
