import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT, errors } from 'jose';

/**
 * Bearer tokens: HS256 JWTs (one algorithm, pinned on verify so "alg: none" or a swapped
 * algorithm is refused) that expire after a week. Each carries its device session's id (`sid`:
 * deleting that row signs out this one device) and the user's token version (bumping it in the
 * database, "Sign out of all devices" or a password reset, makes every older token useless).
 */

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'studycircle';

/**
 * Given raw bytes, jose imports them into a WebCrypto key on every sign and verify: one more
 * asynchronous crypto job on each authenticated request. The key is imported once per secret.
 */
const hmacKeys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function hmacKey(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    hmacKeys.set(secret, key);
  }
  return key;
}

export interface TokenClaims {
  userId: string;
  version: number;
  /** The device session (a `device_sessions` row) this token belongs to. */
  sessionId: string;
}

export async function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  ttlSeconds = TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ ver: claims.version, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(await hmacKey(secret));
}

export type TokenResult = { ok: true; claims: TokenClaims } | { ok: false; expired: boolean };

export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenResult> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      // A token without an expiry would be valid forever: every token this server signs has one.
      requiredClaims: ['exp', 'sub'],
    });
    // Tokens from before device sessions carry no `sid`: refused, so their holder signs in again.
    const { sub, ver, sid } = payload;
    if (typeof sub !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') {
      return { ok: false, expired: false };
    }
    return { ok: true, claims: { userId: sub, version: ver, sessionId: sid } };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}
