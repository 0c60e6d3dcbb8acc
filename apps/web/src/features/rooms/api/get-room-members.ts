import { useQuery } from '@tanstack/react-query';
import type { RoomMember, RoomMembersResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** GET /api/rooms/:id/members: owner first, then admins, then members. */
export const roomMembersQueryKey = (roomId: string) => ['rooms', 'members', roomId] as const;

export async function getRoomMembers(roomId: string, signal?: AbortSignal): Promise<RoomMember[]> {
  const { members } = await apiRequest<RoomMembersResponse>(
    `/rooms/${encodeURIComponent(roomId)}/members`,
    { signal },
  );
  return members;
}

export function useRoomMembers(roomId: string, enabled = true) {
  return useQuery({
    queryKey: roomMembersQueryKey(roomId),
    queryFn: ({ signal }) => getRoomMembers(roomId, signal),
    enabled: enabled && Boolean(roomId),
  });
}
