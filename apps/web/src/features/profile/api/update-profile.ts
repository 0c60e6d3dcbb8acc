import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';
import { extractUser, type AuthUser } from '../../auth';

/**
 * PATCH /api/auth/profile: saves profile fields (or the avatar) on the server, so the profile
 * follows the user to another browser. Answers the saved user.
 */
export async function updateProfile(input: UpdateProfileInput): Promise<AuthUser> {
  const body = await apiRequest<unknown>('/auth/profile', { method: 'PATCH', body: input });
  const user = extractUser(body);
  if (!user) throw new Error('The profile response held no user');
  return user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The signed-in bar and the auth provider read this entry: keep it the server's latest.
    onSuccess: (user) => queryClient.setQueryData(['auth', 'profile'], user),
  });
}
