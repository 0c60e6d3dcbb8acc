import { useQuery } from '@tanstack/react-query';
import { FocusStatsResponseSchema, type FocusStats } from '@studycircle/shared/focus';
import { apiRequest } from '../../../lib/http';

/**
 * GET /api/me/focus-stats: the focus streak and this week's focus, counted on the server in
 * Asia/Kolkata days (docs/product.md §4.9). Fresh on every visit to the dashboard, and each
 * minute while it stays open.
 */
export const focusStatsQueryKey = ['me', 'focus-stats'] as const;

export async function getFocusStats(signal?: AbortSignal): Promise<FocusStats> {
  const body = await apiRequest<unknown>('/me/focus-stats', { signal });
  return FocusStatsResponseSchema.parse(body).stats;
}

export function useFocusStats() {
  return useQuery({
    queryKey: focusStatsQueryKey,
    queryFn: ({ signal }) => getFocusStats(signal),
    refetchOnMount: 'always',
    refetchInterval: 60_000,
  });
}
