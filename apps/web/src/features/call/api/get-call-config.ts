import { PublicConfigSchema } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/**
 * `GET /api/config` for a call: the ICE servers (ICE_SERVERS, plus short-lived TURN credentials
 * for the signed-in user when the server has TURN_URL and TURN_SECRET).
 *
 * The call joins without waiting for it (docs/decisions/0027): the session gets the request as a
 * promise and only its first link waits. A copy fetched in this page's last half hour is reused
 * at once (TURN credentials last an hour, docs/product.md §9.3), so a re-join or the next call
 * waits for nothing. Without the server's answer the call works on direct paths only.
 */
export const CALL_CONFIG_REUSE_MS = 30 * 60 * 1000;

/** The last answer, for the account it was for (TURN credentials are per user). */
let cached: { config: RTCConfiguration; at: number; account: string | null } | null = null;

export async function getCallConfig(signal?: AbortSignal): Promise<RTCConfiguration> {
  const config = PublicConfigSchema.parse(await apiRequest<unknown>('/config', { signal }));
  return { iceServers: config.iceServers };
}

/**
 * The ICE servers for this account's call: a recent copy at once, else the request (never
 * rejects).
 */
export function loadCallConfig(
  account: string | null,
  now = Date.now(),
): Promise<RTCConfiguration> {
  if (cached && cached.account === account && now - cached.at < CALL_CONFIG_REUSE_MS)
    return Promise.resolve(cached.config);
  return getCallConfig().then(
    (config) => {
      cached = { config, at: Date.now(), account };
      return config;
    },
    // One object for the failure: the call still works on direct paths.
    () => ({}),
  );
}

/** Forgets the reused copy (tests). */
export function forgetCallConfig(): void {
  cached = null;
}
