import { useQuery } from '@tanstack/react-query';
import type { RoomFile, RoomFileListResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { workspaceQueryKey } from './get-workspace';

/**
 * GET /api/rooms/:roomId/files: the files members uploaded to the room, newest first (decision
 * 0074). Its key sits under the workspace's, so `workspace-changed` fetches both again.
 */
export const roomFilesQueryKey = (roomId: string) =>
  [...workspaceQueryKey(roomId), 'files'] as const;

export async function getRoomFiles(roomId: string, signal?: AbortSignal): Promise<RoomFile[]> {
  const { files } = await apiRequest<RoomFileListResponse>(
    `/rooms/${encodeURIComponent(roomId)}/files`,
    { signal },
  );
  return files;
}

export function useRoomFiles(roomId: string) {
  return useQuery({
    queryKey: roomFilesQueryKey(roomId),
    queryFn: ({ signal }) => getRoomFiles(roomId, signal),
    enabled: Boolean(roomId),
  });
}
