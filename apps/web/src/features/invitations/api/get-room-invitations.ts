import { useQuery } from '@tanstack/react-query';
import type { PendingInvitation, PendingInvitationsResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * GET /api/rooms/:id/invitations (owner or admin): pending invitations, newest first. The key sits
 * under 'rooms' on purpose: whatever refreshes a room's data (a join, an accepted invitation, a
 * deletion) invalidates ['rooms'] and so refreshes its invitation list too.
 */
export const roomInvitationsQueryKey = (roomId: string) =>
  ['rooms', 'invitations', roomId] as const;

export async function getRoomInvitations(
  roomId: string,
  signal?: AbortSignal,
): Promise<PendingInvitation[]> {
  const { invitations } = await apiRequest<PendingInvitationsResponse>(
    `/rooms/${encodeURIComponent(roomId)}/invitations`,
    { signal },
  );
  return invitations;
}

export function useRoomInvitations(roomId: string) {
  return useQuery({
    queryKey: roomInvitationsQueryKey(roomId),
    queryFn: ({ signal }) => getRoomInvitations(roomId, signal),
    enabled: Boolean(roomId),
  });
}
