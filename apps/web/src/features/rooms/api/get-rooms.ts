import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { ROOM_LIMITS, type Room, type RoomListResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import type { RoomStatusFilter } from '../lib/room-rules';
import { cacheRoomList, readCachedRooms, roomIdOf } from '../storage/rooms-storage';

/**
 * GET /api/rooms: the caller's rooms and the public ones, newest first, a page at a time. Search
 * (`q`: name, subject or tag) and the status filter run on the server, so a room on any page can
 * be found; each search is its own list, paged the same way.
 */
export const roomsQueryKey = ['rooms', 'list'] as const;

export interface RoomListFilter {
  q: string;
  status: RoomStatusFilter;
}

const NO_FILTER: RoomListFilter = { q: '', status: 'all' };

/** The key of one search's list; every list shares the `roomsQueryKey` prefix. */
export const roomListQueryKey = (filter: RoomListFilter) =>
  [...roomsQueryKey, { q: filter.q.trim(), status: filter.status }] as const;

const isUnfiltered = (filter: RoomListFilter) => filter.q.trim() === '' && filter.status === 'all';

type RoomPages = InfiniteData<RoomListResponse, string | undefined>;

export async function getRooms(
  cursor?: string,
  signal?: AbortSignal,
  filter: RoomListFilter = NO_FILTER,
): Promise<RoomListResponse> {
  const params = new URLSearchParams({ limit: String(ROOM_LIMITS.listMax) });
  const q = filter.q.trim();
  if (q) params.set('q', q);
  if (filter.status !== 'all') params.set('status', filter.status);
  if (cursor) params.set('cursor', cursor);
  const page = await apiRequest<RoomListResponse>(`/rooms?${params}`, { signal });
  // The userRooms / publicRooms keys (docs/product.md §5.10) mirror the server's unfiltered first
  // page (other screens read them); later pages and search results are only ever shown here.
  if (!cursor && isUnfiltered(filter)) cacheRoomList(page.rooms);
  return page;
}

export function useRooms(filter: RoomListFilter = NO_FILTER) {
  const unfiltered = isUnfiltered(filter);
  return useInfiniteQuery({
    queryKey: roomListQueryKey(filter),
    queryFn: ({ pageParam, signal }) => getRooms(pageParam, signal, filter),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.rooms),
    // The unfiltered list paints at once from the cached copy of the server's last answer to that
    // same question; it is placeholder data, so the request still runs and `isPlaceholderData`
    // tells the page it is not the server's word yet. A search shows nothing until the server has
    // answered it: a cached or earlier list, filtered here, would show rooms it did not return.
    placeholderData: () => {
      if (!unfiltered) return undefined;
      const cached = readCachedRooms();
      if (cached.length === 0) return undefined;
      return { pages: [{ rooms: cached, nextCursor: null }], pageParams: [undefined] };
    },
  });
}

/** Puts a room the user just created at the top of the unfiltered list. */
export function prependToRoomList(queryClient: QueryClient, room: Room): void {
  queryClient.setQueryData<RoomPages>(roomListQueryKey(NO_FILTER), (old) => {
    if (!old || old.pages.length === 0) return old;
    const [first, ...rest] = old.pages;
    return { ...old, pages: [{ ...first!, rooms: [room, ...first!.rooms] }, ...rest] };
  });
}

/** Drops a deleted or left room from every loaded page of every list. */
export function removeFromRoomList(queryClient: QueryClient, roomId: string): void {
  queryClient.setQueriesData<RoomPages>({ queryKey: roomsQueryKey }, (old) =>
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
