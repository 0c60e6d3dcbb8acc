import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRoomInput, Room, RoomResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { cacheRoom } from '../storage/rooms-storage';
import { prependToRoomList, roomsQueryKey } from './get-rooms';

/** POST /api/rooms: the caller becomes the owner. */
export async function createRoom(input: CreateRoomInput): Promise<Room> {
  const { room } = await apiRequest<RoomResponse>('/rooms', { method: 'POST', body: input });
  return room;
}

export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoom,
    onSuccess: (room) => {
      cacheRoom(room);
      prependToRoomList(queryClient, room);
      void queryClient.invalidateQueries({ queryKey: roomsQueryKey });
    },
  });
}
