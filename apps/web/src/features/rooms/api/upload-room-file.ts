import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoomFile, RoomFileResponse } from '@studycircle/shared';
import { apiUpload } from '../../../lib/http';
import { roomFilesQueryKey } from './get-room-files';

/**
 * POST /api/rooms/:roomId/files?name=...: a member shares a file with the room (up to 25 MB,
 * decision 0074), its bytes as the body, with the upload's progress.
 */
export async function uploadRoomFile(
  roomId: string,
  file: File,
  options: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<RoomFile> {
  const { file: stored } = await apiUpload<RoomFileResponse>(
    `/rooms/${encodeURIComponent(roomId)}/files?name=${encodeURIComponent(file.name)}`,
    file,
    options,
  );
  return stored;
}

export function useUploadRoomFile(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      file: File;
      onProgress?: (sent: number, total: number) => void;
      signal?: AbortSignal;
    }) => uploadRoomFile(roomId, input.file, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomFilesQueryKey(roomId) }),
  });
}
