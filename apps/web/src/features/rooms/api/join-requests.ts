import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinRequest, JoinRequestsResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { roomMembersQueryKey } from './get-room-members';

/**
 * Requests to join a private room (docs/decisions/0067-ask-to-join.md): the asker's side (ask,
 * take back) and the owner's and admins' (the waiting list, accept, decline).
 */

const base = (roomId: string) => `/rooms/${encodeURIComponent(roomId)}/join-requests`;
export const joinRequestsQueryKey = (roomId: string) => ['rooms', 'join-requests', roomId] as const;
export const previewKey = (roomId: string) => ['rooms', 'preview', roomId] as const;

/** How often an open room page looks for new requests, and an asker for the answer. */
export const JOIN_REQUESTS_REFRESH_MS = 15_000;
export const ASKER_REFRESH_MS = 5_000;

export function useAskToJoin(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(base(roomId), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewKey(roomId) }),
  });
}

export function useCancelJoinRequest(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(`${base(roomId)}/mine`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: previewKey(roomId) }),
  });
}

export function useJoinRequests(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: joinRequestsQueryKey(roomId),
    queryFn: async ({ signal }): Promise<JoinRequest[]> =>
      (await apiRequest<JoinRequestsResponse>(base(roomId), { signal })).requests,
    enabled,
    refetchInterval: JOIN_REQUESTS_REFRESH_MS,
    retry: false,
  });
}

/** Accept or decline one request; the list and the members are read again either way. */
export function useAnswerJoinRequest(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, accept }: { userId: string; accept: boolean }) =>
      apiRequest<unknown>(
        accept
          ? `${base(roomId)}/${encodeURIComponent(userId)}/accept`
          : `${base(roomId)}/${encodeURIComponent(userId)}`,
        { method: accept ? 'POST' : 'DELETE' },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: joinRequestsQueryKey(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomMembersQueryKey(roomId) });
    },
  });
}

/** Lets one asker in, outside the room page's list (a toast's Accept). */
export function acceptJoinRequest(roomId: string, userId: string): Promise<unknown> {
  return apiRequest<unknown>(`${base(roomId)}/${encodeURIComponent(userId)}/accept`, {
    method: 'POST',
  });
}
