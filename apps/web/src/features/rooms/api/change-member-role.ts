import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableRole } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { roomMembersQueryKey } from './get-room-members';

/** PATCH /api/rooms/:id/members/:userId (owner only). */
export async function changeMemberRole(
  roomId: string,
  userId: string,
  role: AssignableRole,
): Promise<void> {
  await apiRequest<unknown>(
    `/rooms/${encodeURIComponent(roomId)}/members/${encodeURIComponent(userId)}`,
    { method: 'PATCH', body: { role } },
  );
}

export function useChangeMemberRole(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: AssignableRole }) =>
      changeMemberRole(roomId, userId, role),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomMembersQueryKey(roomId) }),
  });
}
