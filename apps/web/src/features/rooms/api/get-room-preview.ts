import { useQuery } from '@tanstack/react-query';
import { looksLikeRoomId, type RoomPreview, type RoomPreviewResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { ASKER_REFRESH_MS } from './join-requests';

/** GET /api/rooms/:id/preview: a room's name and privacy, for anyone signed in with its link. */
export async function getRoomPreview(id: string, signal?: AbortSignal): Promise<RoomPreview> {
  const { room } = await apiRequest<RoomPreviewResponse>(
    `/rooms/${encodeURIComponent(id)}/preview`,
    { signal },
  );
  return room;
}

/** Asked only for an id: a code or a slug in the link names no room to preview. */
export function useRoomPreview(idOrCode: string) {
  return useQuery({
    queryKey: ['rooms', 'preview', idOrCode] as const,
    queryFn: ({ signal }) => getRoomPreview(idOrCode, signal),
    enabled: looksLikeRoomId(idOrCode),
    staleTime: 60_000,
    // Waiting for an answer to a request to join: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.requested ? ASKER_REFRESH_MS : false),
    retry: false,
  });
}
