import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyInvitation, MyInvitationsResponse } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** GET /api/invitations: the signed-in user's pending room invitations, newest first. */
export async function getMyInvitations(): Promise<MyInvitation[]> {
  const body = await apiRequest<MyInvitationsResponse>('/invitations');
  return Array.isArray(body?.invitations) ? body.invitations : [];
}

export const pendingInvitationsQueryKey = ['invitations', 'pending'] as const;

/** Polled every minute while a tab is open, so a new invitation reaches the bell. */
export function useMyInvitations(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: pendingInvitationsQueryKey,
      queryFn: getMyInvitations,
      enabled,
      refetchInterval: 60_000,
      staleTime: 30_000,
    }),
  );
}
