import { createHmac } from 'node:crypto';

/**
 * TURN credentials in coturn's shared-secret REST scheme (`use-auth-secret` with
 * `static-auth-secret`): the username is `<expiry unix seconds>:<user id>` and the credential is
 * base64(HMAC-SHA1(secret, username)). coturn recomputes the HMAC and refuses an expired
 * username, so a leaked credential is worth an hour at most and no static password exists.
 */

/** How long handed-out credentials stay valid: long enough for a study session's call. */
export const TURN_CREDENTIAL_TTL_S = 60 * 60;

export interface TurnServer {
  urls: string[];
  username: string;
  credential: string;
}

export function turnCredentials(
  turn: { urls: string[]; secret: string },
  userId: string,
  nowMs: number = Date.now(),
): TurnServer {
  const expiry = Math.floor(nowMs / 1000) + TURN_CREDENTIAL_TTL_S;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential };
}
