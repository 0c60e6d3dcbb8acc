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
  const raw = await apiRequest<unknown>('/config', { signal });
  const config = PublicConfigSchema.parse(raw);
  const rtc: RTCConfiguration = { iceServers: config.iceServers };
  // A test-only switch the server exposes only when its operator sets it: force relayed media.
  const policy = (raw as { iceTransportPolicy?: unknown }).iceTransportPolicy;
  if (policy === 'relay') rtc.iceTransportPolicy = 'relay';
  return rtc;
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
