import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Room, RoomResponse, UpdateRoomInput } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { cacheRoom } from '../storage/rooms-storage';

/** PATCH /api/rooms/:id (owner or admin). */
export async function updateRoom(roomId: string, input: UpdateRoomInput): Promise<Room> {
  const { room } = await apiRequest<RoomResponse>(`/rooms/${encodeURIComponent(roomId)}`, {
    method: 'PATCH',
    body: input,
  });
  return room;
}

export function useUpdateRoom(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateRoomInput) => updateRoom(roomId, input),
    onSuccess: (room) => {
      cacheRoom(room);
      void queryClient.invalidateQueries({ queryKey: ['rooms'] });
    },
  });
}
