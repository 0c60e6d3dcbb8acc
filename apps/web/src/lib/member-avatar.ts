import { useQuery } from '@tanstack/react-query';
import type { MemberAvatarResponse } from '@studycircle/shared';
import { apiRequest } from './http';

/**
 * `GET /api/rooms/:id/members/:userId/avatar`: one member's picture ('' for none). Asked per person
 * (a call has at most 8; Manage Room asks for the rows it shows), so pictures never travel through
 * the call's signalling or swell the member list. The call's tiles and Manage Room's rows both
 * show it, and neither feature imports the other (docs/decisions/0081-one-room-on-the-web.md), so
 * the one query lives here.
 */
export const memberAvatarQueryKey = (roomId: string, userId: string) =>
  ['rooms', 'members', roomId, 'avatar', userId] as const;

export async function getMemberAvatar(
  roomId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<string> {
  const { profilePic } = await apiRequest<MemberAvatarResponse>(
    `/rooms/${encodeURIComponent(roomId)}/members/${encodeURIComponent(userId)}/avatar`,
    { signal },
  );
  return profilePic;
}

/** The picture of `userId` in `roomId`; undefined while loading, when unknown or on failure. */
export function useMemberAvatar(roomId: string, userId: string | undefined): string | undefined {
  const query = useQuery({
    queryKey: memberAvatarQueryKey(roomId, userId ?? ''),
    queryFn: ({ signal }) => getMemberAvatar(roomId, userId!, signal),
    enabled: Boolean(roomId && userId),
    // A picture changes rarely: once per visit is enough, and a failure just shows the initial.
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data || undefined;
}
