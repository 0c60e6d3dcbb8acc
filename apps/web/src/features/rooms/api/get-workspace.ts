import { useQuery } from '@tanstack/react-query';
import type { WorkspaceItem, WorkspaceListResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * GET /api/rooms/:roomId/workspace: what members shared with the room, newest first
 * (docs/product.md §5.13). Members only; fetched again whenever the room says it changed
 * (use-workspace-events.ts).
 */
export const workspaceQueryKey = (roomId: string) => ['rooms', 'workspace', roomId] as const;

export async function getWorkspace(roomId: string, signal?: AbortSignal): Promise<WorkspaceItem[]> {
  const { items } = await apiRequest<WorkspaceListResponse>(
    `/rooms/${encodeURIComponent(roomId)}/workspace`,
    { signal },
  );
  return items;
}

export function useWorkspace(roomId: string, enabled = true) {
  return useQuery({
    queryKey: workspaceQueryKey(roomId),
    queryFn: ({ signal }) => getWorkspace(roomId, signal),
    enabled: enabled && Boolean(roomId),
  });
}
