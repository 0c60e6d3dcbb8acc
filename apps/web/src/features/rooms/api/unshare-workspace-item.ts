import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { workspaceQueryKey } from './get-workspace';

/** DELETE /api/rooms/:roomId/workspace/:shareId: the sharer, the room's owner or an admin. */
export async function unshareWorkspaceItem(roomId: string, shareId: string): Promise<void> {
  await apiRequest<unknown>(
    `/rooms/${encodeURIComponent(roomId)}/workspace/${encodeURIComponent(shareId)}`,
    { method: 'DELETE' },
  );
}

export function useUnshareWorkspaceItem(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => unshareWorkspaceItem(roomId, shareId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKey(roomId) }),
  });
}
