import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { roomFilesQueryKey } from './get-room-files';

/** DELETE /api/rooms/:roomId/files/:fileId: the uploader, the room's owner or an admin. */
export async function deleteRoomFile(roomId: string, fileId: string): Promise<void> {
  await apiRequest<unknown>(
    `/rooms/${encodeURIComponent(roomId)}/files/${encodeURIComponent(fileId)}`,
    { method: 'DELETE' },
  );
}

export function useDeleteRoomFile(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteRoomFile(roomId, fileId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomFilesQueryKey(roomId) }),
  });
}
