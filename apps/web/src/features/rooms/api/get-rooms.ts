import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { ROOM_LIMITS, type Room, type RoomListResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { cacheRoomList, readCachedRooms, roomIdOf } from '../storage/rooms-storage';

/** GET /api/rooms: the caller's rooms and the public ones, newest first, a page at a time. */
export const roomsQueryKey = ['rooms', 'list'] as const;

type RoomPages = InfiniteData<RoomListResponse, string | undefined>;

export async function getRooms(cursor?: string, signal?: AbortSignal): Promise<RoomListResponse> {
  const params = new URLSearchParams({ limit: String(ROOM_LIMITS.listMax) });
  if (cursor) params.set('cursor', cursor);
  const page = await apiRequest<RoomListResponse>(`/rooms?${params}`, { signal });
  // The spec's userRooms / publicRooms keys mirror the server's first page (other screens read
  // them); later pages are only ever shown here.
  if (!cursor) cacheRoomList(page.rooms);
  return page;
}

export function useRooms() {
  return useInfiniteQuery({
    queryKey: roomsQueryKey,
    queryFn: ({ pageParam, signal }) => getRooms(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.rooms),
    // The cached list paints at once; it is placeholder data, so the request still runs and
    // `isPlaceholderData` tells the page it is not the server's word yet.
    placeholderData: (previous) => {
      if (previous) return previous;
      const cached = readCachedRooms();
      if (cached.length === 0) return undefined;
      return { pages: [{ rooms: cached, nextCursor: null }], pageParams: [undefined] };
    },
  });
}

/** Puts a room the user just created at the top of the loaded list. */
export function prependToRoomList(queryClient: QueryClient, room: Room): void {
  queryClient.setQueryData<RoomPages>(roomsQueryKey, (old) => {
    if (!old || old.pages.length === 0) return old;
    const [first, ...rest] = old.pages;
    return { ...old, pages: [{ ...first!, rooms: [room, ...first!.rooms] }, ...rest] };
  });
}

/** Drops a deleted or left room from every loaded page. */
export function removeFromRoomList(queryClient: QueryClient, roomId: string): void {
  queryClient.setQueryData<RoomPages>(roomsQueryKey, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            rooms: page.rooms.filter((room) => roomIdOf(room) !== roomId),
          })),
        }
      : old,
  );
}
