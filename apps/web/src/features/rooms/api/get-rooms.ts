import { useQuery } from '@tanstack/react-query';
import type { Room, RoomListResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { cacheRoomList, readCachedRooms } from '../storage/rooms-storage';

/** GET /api/rooms: the caller's rooms and the public ones, newest first. */
export const roomsQueryKey = ['rooms', 'list'] as const;

export async function getRooms(signal?: AbortSignal): Promise<Room[]> {
  const { rooms } = await apiRequest<RoomListResponse>('/rooms?limit=100', { signal });
  // The spec's userRooms / publicRooms keys mirror the last answer (other screens read them).
  cacheRoomList(rooms);
  return rooms;
}

export function useRooms() {
  return useQuery<Room[]>({
    queryKey: roomsQueryKey,
    queryFn: ({ signal }) => getRooms(signal),
    // The cached list paints at once; it is placeholder data, so the request still runs and
    // `isPlaceholderData` tells the page it is not the server's word yet.
    placeholderData: (previous) => {
      if (previous) return previous;
      const cached = readCachedRooms();
      return cached.length > 0 ? cached : undefined;
    },
  });
}
