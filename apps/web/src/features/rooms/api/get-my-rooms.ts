import { useQuery } from '@tanstack/react-query';
import { ROOM_LIMITS, type Room, type RoomListResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * GET /api/rooms?scope=mine: the rooms the student belongs to (the first page of the largest
 * size), for choosing one to share with. Under the `rooms` key, so joining or leaving refreshes it.
 */
export const myRoomsQueryKey = ['rooms', 'mine'] as const;

export async function getMyRooms(signal?: AbortSignal): Promise<Room[]> {
  const params = new URLSearchParams({ scope: 'mine', limit: String(ROOM_LIMITS.listMax) });
  const { rooms } = await apiRequest<RoomListResponse>(`/rooms?${params}`, { signal });
  return rooms;
}

export function useMyRooms(enabled: boolean) {
  return useQuery({
    queryKey: myRoomsQueryKey,
    queryFn: ({ signal }) => getMyRooms(signal),
    enabled,
  });
}
