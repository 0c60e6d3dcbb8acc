import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationInput, CreateInvitationResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { roomInvitationsQueryKey } from './get-room-invitations';

/**
 * POST /api/rooms/:id/invitations (owner or admin): the server mails the /invite/:token link. An
 * address with a pending invitation gets that one again with a fresh link (`resent`); a current
 * member's address is refused with 409 and the server's sentence.
 */
export async function createInvitation(
  roomId: string,
  input: CreateInvitationInput,
): Promise<CreateInvitationResponse> {
  return apiRequest<CreateInvitationResponse>(`/rooms/${encodeURIComponent(roomId)}/invitations`, {
    method: 'POST',
    body: input,
  });
}

export function useCreateInvitation(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => createInvitation(roomId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomInvitationsQueryKey(roomId) }),
  });
}
