import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/** DELETE /api/rooms/:id/members/:userId (owner, or an admin removing a member). */
export async function removeMember(roomId: string, userId: string): Promise<void> {
  await apiRequest<unknown>(
    `/rooms/${encodeURIComponent(roomId)}/members/${encodeURIComponent(userId)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveMember(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(roomId, userId),
    // The member list and the room's member count both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rooms'] }),
  });
}
