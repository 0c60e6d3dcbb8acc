import { useQuery } from '@tanstack/react-query';
import {
  looksLikeJoinCode,
  normaliseJoinCode,
  type Room,
  type RoomResponse,
} from '@studycircle/shared';
import { apiRequest, HttpError } from '../../../lib/http';

/*
 * The call asks for the room itself rather than through the rooms feature's index: that index
 * brings the rooms pages along, and the call route's JavaScript would carry them (bench/
 * call-route-js.ts). These are the same two endpoints, with the answers our server gives.
 */

/** A room's id, whichever spelling the answer used. */
export const roomIdOf = (room: { id?: string; _id?: string }) => room.id ?? room._id ?? '';

async function getRoom(idOrCode: string, signal?: AbortSignal): Promise<Room> {
  const { room } = await apiRequest<RoomResponse>(`/rooms/${encodeURIComponent(idOrCode)}`, {
    signal,
  });
  return room;
}

async function joinRoom(code: string): Promise<Room | null> {
  const body = await apiRequest<Partial<RoomResponse>>('/rooms/join', {
    method: 'POST',
    body: { code: normaliseJoinCode(code) },
  });
  return body.room ?? null;
}

/**
 * The room a call URL names (docs/product.md §7.1): looked up by id; when that answers 404 and
 * the parameter looks like a join code, it is tried as a code with POST /api/rooms/join (which
 * also makes the caller a member, as a join by code does anywhere else).
 */
export async function resolveCallRoom(idOrCode: string, signal?: AbortSignal): Promise<Room> {
  try {
    return await getRoom(idOrCode, signal);
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 404 && looksLikeJoinCode(idOrCode))) throw err;
    const joined = await joinRoom(idOrCode);
    if (!joined) throw err;
    return joined;
  }
}

export function useCallRoom(idOrCode: string, passed: Room | undefined) {
  return useQuery({
    queryKey: ['call-room', idOrCode],
    queryFn: ({ signal }) => resolveCallRoom(idOrCode, signal),
    enabled: idOrCode.length > 0,
    initialData: passed,
    staleTime: 30_000,
    retry: false,
  });
}
