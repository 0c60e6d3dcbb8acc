import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { forgetRoom } from '../storage/rooms-storage';
import { removeFromRoomList } from './get-rooms';

/** POST /api/rooms/:id/leave (any member but the owner, who deletes the room instead). */
export async function leaveRoom(roomId: string): Promise<void> {
  await apiRequest<unknown>(`/rooms/${encodeURIComponent(roomId)}/leave`, { method: 'POST' });
}

export function useLeaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveRoom,
    onSuccess: (_data, roomId) => {
      // docs/product.md §5.10: a room the user left leaves the local list too.
      forgetRoom(roomId);
      removeFromRoomList(queryClient, roomId);
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
