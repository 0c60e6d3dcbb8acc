import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ShareWorkspaceItemInput,
  WorkspaceItem,
  WorkspaceItemResponse,
} from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { workspaceQueryKey } from './get-workspace';

/**
 * POST /api/rooms/:roomId/workspace: shares one of the student's own synced notes, files or
 * resources with a room they belong to. Sharing it again answers the existing share.
 */
export async function shareWithRoom(
  roomId: string,
  input: ShareWorkspaceItemInput,
): Promise<WorkspaceItem> {
  const { item } = await apiRequest<WorkspaceItemResponse>(
    `/rooms/${encodeURIComponent(roomId)}/workspace`,
    { method: 'POST', body: input },
  );
  return item;
}

export function useShareWithRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, input }: { roomId: string; input: ShareWorkspaceItemInput }) =>
      shareWithRoom(roomId, input),
    onSuccess: (_item, { roomId }) =>
      queryClient.invalidateQueries({ queryKey: workspaceQueryKey(roomId) }),
  });
}
