import { useQuery } from '@tanstack/react-query';
import { looksLikeJoinCode, type Room } from '@studycircle/shared';
import { HttpError } from '../../../lib/http';
import { getRoom, joinRoom } from '../../rooms';

/**
 * The room a call URL names (spec sections 4 and 5): looked up by id; when that answers 404 and
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
