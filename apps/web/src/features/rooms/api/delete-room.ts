import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { forgetRoom } from '../storage/rooms-storage';
import { removeFromRoomList } from './get-rooms';

/** DELETE /api/rooms/:id (owner only). */
export async function deleteRoom(roomId: string): Promise<void> {
  await apiRequest<unknown>(`/rooms/${encodeURIComponent(roomId)}`, { method: 'DELETE' });
}

export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoom,
    onSuccess: (_data, roomId) => {
      // docs/product.md §5.10: a deleted room leaves the local list.
      forgetRoom(roomId);
      removeFromRoomList(queryClient, roomId);
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
