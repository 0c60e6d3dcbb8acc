import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { roomInvitationsQueryKey } from './get-room-invitations';

/** DELETE /api/rooms/:id/invitations/:invitationId: withdraws a pending invitation. */
export async function cancelInvitation(roomId: string, invitationId: string): Promise<void> {
  await apiRequest<unknown>(
    `/rooms/${encodeURIComponent(roomId)}/invitations/${encodeURIComponent(invitationId)}`,
    { method: 'DELETE' },
  );
}

export function useCancelInvitation(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => cancelInvitation(roomId, invitationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomInvitationsQueryKey(roomId) }),
  });
}
