import { useQuery } from '@tanstack/react-query';
import { PublicConfigSchema } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * `GET /api/config` for a call: the ICE servers (ICE_SERVERS, plus short-lived TURN credentials
 * for the signed-in user when the server has TURN_URL and TURN_SECRET). Fetched afresh for every
 * call, since TURN credentials expire.
 */
export const callConfigQueryKey = ['call-config'] as const;

export async function getCallConfig(signal?: AbortSignal): Promise<RTCConfiguration> {
  const config = PublicConfigSchema.parse(await apiRequest<unknown>('/config', { signal }));
  return { iceServers: config.iceServers };
}

export function useCallConfig() {
  return useQuery({
    queryKey: callConfigQueryKey,
    queryFn: ({ signal }) => getCallConfig(signal),
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}
