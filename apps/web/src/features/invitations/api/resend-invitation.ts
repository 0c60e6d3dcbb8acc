import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingInvitation, PendingInvitationResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { roomInvitationsQueryKey } from './get-room-invitations';

/**
 * POST /api/rooms/:id/invitations/:invitationId/resend: mails a fresh link valid for the full
 * period; the previous link stops working.
 */
export async function resendInvitation(
  roomId: string,
  invitationId: string,
): Promise<PendingInvitation> {
  const { invitation } = await apiRequest<PendingInvitationResponse>(
    `/rooms/${encodeURIComponent(roomId)}/invitations/${encodeURIComponent(invitationId)}/resend`,
    { method: 'POST' },
  );
  return invitation;
}

export function useResendInvitation(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => resendInvitation(roomId, invitationId),
    // The expiry moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomInvitationsQueryKey(roomId) }),
  });
}
