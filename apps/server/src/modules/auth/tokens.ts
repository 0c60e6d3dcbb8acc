import { jwtVerify, SignJWT, errors } from 'jose';

/**
 * Bearer tokens: HS256 JWTs (one algorithm, pinned on verify so "alg: none" or a swapped
 * algorithm is refused) that expire after a week. Each carries the user's token version; bumping
 * the version in the database (logout, password change or reset) makes every older token useless.
 */

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
const ALGORITHM = 'HS256';
const ISSUER = 'studycircle';

export interface TokenClaims {
  userId: string;
  version: number;
}

export async function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  ttlSeconds = TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ ver: claims.version })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret);
}

export type TokenResult = { ok: true; claims: TokenClaims } | { ok: false; expired: boolean };

export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
      return { ok: false, expired: false };
    }
    return { ok: true, claims: { userId: payload.sub, version: payload.ver } };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}
