import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicConfigSchema, type PublicConfig } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** `GET /api/config`: public client settings, among them the contact address (CONTACT_EMAIL). */

export const publicConfigQueryKey = ['public-config'] as const;

export async function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return PublicConfigSchema.parse(await apiRequest<unknown>('/config', { signal }));
}

/** The settings change only with a deploy: one fetch per page load is enough. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
    retry: 1,
  });

export function usePublicConfig() {
  return useQuery(publicConfigQuery());
}
