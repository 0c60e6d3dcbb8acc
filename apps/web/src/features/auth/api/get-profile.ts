import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { extractUser, type AuthUser } from '../user';

/** GET /api/auth/profile: the signed-in user (top level, or under user or data). */
export async function getProfile(): Promise<AuthUser> {
  const body = await apiRequest<unknown>('/auth/profile');
  const user = extractUser(body);
  if (!user) throw new Error('The profile response held no user');
  return user;
}

export const profileQueryKey = ['auth', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: getProfile,
    // A 401 will not turn into a 200 by asking again; the callers decide what a failure means.
    retry: false,
    staleTime: 60_000,
  });

export function useProfileQuery(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
