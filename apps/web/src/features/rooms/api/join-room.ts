import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoomSchema, normaliseJoinCode, type Room } from '@studycircle/shared';
import { isRecord } from '../../../lib/storage';
import { apiRequest } from '../../../lib/http';
import { cacheRoom } from '../storage/rooms-storage';
import { roomsQueryKey } from './get-rooms';

/**
 * The room in a join answer. Our server sends `{room}`; docs/product.md §5.5 also allows
 * `data.room`, `data` or the body itself, so any of those is read. Null when there is none.
 */
export function roomFromJoinResponse(body: unknown): Room | null {
  if (!isRecord(body)) return null;
  const data = body.data;
  const candidates = [body.room, isRecord(data) ? data.room : undefined, data, body];
  for (const candidate of candidates) {
    const parsed = RoomSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** POST /api/rooms/join with a trimmed, upper-cased code. */
export async function joinRoom(code: string): Promise<Room | null> {
  const body = await apiRequest<unknown>('/rooms/join', {
    method: 'POST',
    body: { code: normaliseJoinCode(code) },
  });
  return roomFromJoinResponse(body);
}

export function useJoinRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRoom,
    onSuccess: (room) => {
      if (!room) return;
      cacheRoom(room);
      void queryClient.invalidateQueries({ queryKey: roomsQueryKey });
    },
  });
}
