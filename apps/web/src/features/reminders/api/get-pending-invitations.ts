import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingInvitation, PendingInvitationsResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** GET /api/invitations: the signed-in user's pending room invitations, newest first. */
export async function getPendingInvitations(): Promise<PendingInvitation[]> {
  const body = await apiRequest<PendingInvitationsResponse>('/invitations');
  return Array.isArray(body?.invitations) ? body.invitations : [];
}

export const pendingInvitationsQueryKey = ['invitations', 'pending'] as const;

/** Polled every minute while a tab is open, so a new invitation reaches the bell. */
export function usePendingInvitations(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: pendingInvitationsQueryKey,
      queryFn: getPendingInvitations,
      enabled,
      refetchInterval: 60_000,
      staleTime: 30_000,
    }),
  );
}
