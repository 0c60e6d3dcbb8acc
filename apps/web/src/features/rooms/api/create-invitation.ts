import { useMutation } from '@tanstack/react-query';
import type { CreateInvitationInput, CreateInvitationResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** POST /api/rooms/:id/invitations (owner or admin): the server mails the /invite/:token link. */
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
  return useMutation({
    mutationFn: (input: CreateInvitationInput) => createInvitation(roomId, input),
  });
}
