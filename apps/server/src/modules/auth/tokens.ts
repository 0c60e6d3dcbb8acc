import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/**
 * Bearer tokens: HS256 JWTs (one algorithm, pinned on verify so "alg: none" or a swapped
 * algorithm is refused) that expire after a week. Each carries its device session's id (`sid`:
 * deleting that row signs out this one device) and the user's token version (bumping it in the
 * database, "Sign out of all devices" or a password reset, makes every older token useless).
 *
 * fast-jwt signs and checks them with node:crypto's HMAC, synchronously: jose could only verify
 * through WebCrypto, a job on libuv's thread pool that was a fifth of a profile read's CPU
 * (docs/decisions/0029-request-overhead.md). A token that verified is remembered for a while, so
 * a device's next requests skip the signature and the claims (docs/decisions/0049-request-hot-path.md).
 */

/**
 * Verified tokens remembered per secret: a device sends the same token on every request. The
 * cache is fast-jwt's: keyed by a SHA-2 digest of the whole token (a token changed anywhere, its
 * signature included, misses), each entry dropped at the token's `exp` whatever the TTL, the
 * least recently used dropped beyond this count. It holds what the signature proves and nothing
 * else: whether the device session still exists and the token version is current is read from the
 * database on every request (auth.service.ts), so a signed-out device is refused at once.
 */
export const VERIFIED_TOKEN_CACHE = { size: 10_000, ttlMs: 10 * 60 * 1000 } as const;

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'studycircle';

export interface TokenClaims {
  userId: string;
  version: number;
  /** The device session (a `device_sessions` row) this token belongs to. */
  sessionId: string;
}

export type TokenResult = { ok: true; claims: TokenClaims } | { ok: false; expired: boolean };

const INVALID: TokenResult = { ok: false, expired: false };

interface Jwt {
  sign(payload: Record<string, unknown>): string;
  verify: ((token: string) => Record<string, unknown>) & { cache?: { size: number } };
}

/** Signer and verifier made once per secret: each imports the secret as a node:crypto key. */
const jwts = new WeakMap<Uint8Array, Jwt>();

function jwtFor(secret: Uint8Array): Jwt {
  let jwt = jwts.get(secret);
  if (!jwt) {
    const key = Buffer.from(secret);
    jwt = {
      sign: createSigner({ key, algorithm: ALGORITHM, iss: ISSUER }),
      verify: createVerifier({
        key,
        algorithms: [ALGORITHM],
        allowedIss: ISSUER,
        // fast-jwt checks a claim's value only when it is there: `iss` must be required too, or
        // a token without one would pass. A token without `exp` would be valid forever.
        requiredClaims: ['iss', 'exp', 'sub'],
        // No crit extension is understood (the default), so any token listing one is refused.
        cache: VERIFIED_TOKEN_CACHE.size,
        cacheTTL: VERIFIED_TOKEN_CACHE.ttlMs,
      }),
    };
    jwts.set(secret, jwt);
  }
  return jwt;
}

/** How many verified tokens are remembered for this secret (tests). */
export function cachedTokenCount(secret: Uint8Array): number {
  return jwtFor(secret).verify.cache?.size ?? 0;
}

export async function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  ttlSeconds = TOKEN_TTL_SECONDS,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return jwtFor(secret).sign({
    sub: claims.userId,
    ver: claims.version,
    sid: claims.sessionId,
    iat: now,
    exp: now + ttlSeconds,
  });
}

export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenResult> {
  let payload: Record<string, unknown>;
  try {
    payload = jwtFor(secret).verify(token);
  } catch (error) {
    if (error instanceof TokenError && error.code === TokenError.codes.expired) {
      return { ok: false, expired: true };
    }
    return INVALID;
  }
  const { sub, ver, sid, iat } = payload;
  if (typeof sub !== 'string' || (iat !== undefined && typeof iat !== 'number')) return INVALID;
  // Tokens from before device sessions carry no `sid`: refused, so their holder signs in again.
  if (typeof ver !== 'number' || typeof sid !== 'string') return INVALID;
  return { ok: true, claims: { userId: sub, version: ver, sessionId: sid } };
}
