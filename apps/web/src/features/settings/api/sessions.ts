import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeviceSessionsResponseSchema, type DeviceSession } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** The signed-in devices of the account (docs/product.md §3.8). */
export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** GET /api/auth/sessions: this device first, then the most recently seen. */
export async function fetchSessions(): Promise<DeviceSession[]> {
  const body = await apiRequest<unknown>('/auth/sessions');
  return DeviceSessionsResponseSchema.parse(body).sessions;
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: fetchSessions });
}

/** DELETE /api/auth/sessions/:id: signs one other device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
