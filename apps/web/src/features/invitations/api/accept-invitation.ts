import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** POST /api/invitations/:token/accept: membership with the invitation's role. */
export async function acceptInvitation(token: string): Promise<AcceptInvitationResponse> {
  return apiRequest<AcceptInvitationResponse>(`/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    // The new membership changes every room list and detail the client holds.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['rooms'] }),
  });
}
