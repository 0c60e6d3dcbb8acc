import type { RoomMessagesPage } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * `GET /api/rooms/:id/messages`: a page of the room's stored chat, oldest first, with `hasMore`.
 * `before` pages back from a message (scrolling up); `after` catches up from the last one seen
 * (after a reconnect). Members only.
 */
export async function getRoomMessages(
  roomId: string,
  cursor: { before?: string; after?: string } = {},
  signal?: AbortSignal,
): Promise<RoomMessagesPage> {
  const query = new URLSearchParams();
  if (cursor.before) query.set('before', cursor.before);
  if (cursor.after) query.set('after', cursor.after);
  const qs = query.toString();
  return apiRequest<RoomMessagesPage>(
    `/rooms/${encodeURIComponent(roomId)}/messages${qs ? `?${qs}` : ''}`,
    { signal },
  );
}
