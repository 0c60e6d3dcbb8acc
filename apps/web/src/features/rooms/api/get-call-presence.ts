import { useQuery } from '@tanstack/react-query';
import type { CallPresence, RoomsPresenceResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * `GET /api/rooms/presence?ids=...`: who is in each room's call right now, for the room cards.
 * The list refreshes it every 15 s (and on focus) rather than holding a live socket open while
 * someone browses rooms; the room page itself gets presence live from the room's chat channel.
 */
export const PRESENCE_REFRESH_MS = 15_000;

export async function getRoomsPresence(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, CallPresence>> {
  const map = new Map<string, CallPresence>();
  // The endpoint takes up to 100 ids at a time.
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const { presence } = await apiRequest<RoomsPresenceResponse>(
      `/rooms/presence?ids=${encodeURIComponent(chunk.join(','))}`,
      { signal },
    );
    for (const p of presence) map.set(p.roomId, p);
  }
  return map;
}

export function useRoomsPresence(ids: readonly string[]) {
  const key = [...ids].sort().join(',');
  return useQuery({
    queryKey: ['rooms', 'presence', key],
    queryFn: ({ signal }) => getRoomsPresence(ids, signal),
    enabled: ids.length > 0,
    refetchInterval: PRESENCE_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    retry: false,
  });
}
