import { useQuery } from '@tanstack/react-query';
import type { Room, RoomResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** GET /api/rooms/:idOrCode: one room by id, join code or slug. */
export const roomQueryKey = (idOrCode: string) => ['rooms', 'detail', idOrCode] as const;

export async function getRoom(idOrCode: string, signal?: AbortSignal): Promise<Room> {
  const { room } = await apiRequest<RoomResponse>(`/rooms/${encodeURIComponent(idOrCode)}`, {
    signal,
  });
  return room;
}

export function useRoom(idOrCode: string | undefined, initialRoom?: Room) {
  return useQuery({
    queryKey: roomQueryKey(idOrCode ?? ''),
    queryFn: ({ signal }) => getRoom(idOrCode ?? '', signal),
    enabled: Boolean(idOrCode),
    // A room passed in navigation state is used as is (docs/product.md §5.6: the room is
    // loaded only when it was not passed); it counts as fresh for half a minute, like any
    // loaded room.
    initialData: initialRoom,
    initialDataUpdatedAt: initialRoom ? Date.now() : undefined,
    staleTime: 30_000,
    retry: false,
  });
}
