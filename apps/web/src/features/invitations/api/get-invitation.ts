import { useQuery } from '@tanstack/react-query';
import type { InvitationView } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * GET /api/invitations/:token: room name, inviter, invited email, role, expiry and state (sent with
 * the signed-in token, so the account that accepted it reads `accepted`).
 */
export const invitationQueryKey = (token: string) => ['invitations', token] as const;

export async function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationView> {
  return apiRequest<InvitationView>(`/invitations/${encodeURIComponent(token)}`, { signal });
}

export function useInvitation(token: string | undefined) {
  return useQuery({
    queryKey: invitationQueryKey(token ?? ''),
    queryFn: ({ signal }) => getInvitation(token ?? '', signal),
    enabled: Boolean(token),
    retry: false,
  });
}
