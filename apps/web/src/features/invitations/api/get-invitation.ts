import { useQuery } from '@tanstack/react-query';
import type { Invitation } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** GET /api/invitations/:token: room name, inviter, invited email, role and expiry. */
export const invitationQueryKey = (token: string) => ['invitations', token] as const;

export async function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation> {
  return apiRequest<Invitation>(`/invitations/${encodeURIComponent(token)}`, { signal });
}

export function useInvitation(token: string | undefined) {
  return useQuery({
    queryKey: invitationQueryKey(token ?? ''),
    queryFn: ({ signal }) => getInvitation(token ?? '', signal),
    enabled: Boolean(token),
    retry: false,
  });
}
