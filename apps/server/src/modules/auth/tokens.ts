import {
  createHmac,
  createSecretKey,
  timingSafeEqual,
  webcrypto,
  type KeyObject,
} from 'node:crypto';
import { SignJWT } from 'jose';

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

const INVALID: TokenResult = { ok: false, expired: false };
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The secret as a node:crypto key, made once per secret like the WebCrypto key above. */
const nodeKeys = new WeakMap<Uint8Array, KeyObject>();

function nodeKey(secret: Uint8Array): KeyObject {
  let key = nodeKeys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    nodeKeys.set(secret, key);
  }
  return key;
}

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a token as jose's jwtVerify would with the options signToken implies (HS256 only, our
 * issuer, `exp` and `sub` required, `nbf` honoured), but with node:crypto's HMAC, synchronously.
 * jose can only verify through WebCrypto, whose HMAC is a job on libuv's thread pool: on a
 * profile read that was a fifth of the server's CPU and a thread hop on every authenticated
 * request and handshake (docs/decisions/0029-request-overhead.md). Signing stays with jose.
 */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenResult> {
  const parts = token.split('.');
  if (parts.length !== 3) return INVALID;
  const [head, body, signature] = parts as [string, string, string];
  if (!BASE64URL.test(head) || !BASE64URL.test(body) || !BASE64URL.test(signature)) return INVALID;
  const header = decodeJson(head);
  // One algorithm, pinned: "alg: none" or a swapped algorithm is refused; so is any header
  // extension we would have to understand (crit) or an unencoded payload (b64).
  if (!header || header.alg !== ALGORITHM || 'crit' in header || 'b64' in header) return INVALID;
  // The expected signature in its one canonical spelling, compared in constant time.
  const expected = Buffer.from(
    createHmac('sha256', nodeKey(secret)).update(`${head}.${body}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return INVALID;
  const payload = decodeJson(body);
  if (!payload || payload.iss !== ISSUER) return INVALID;
  const { sub, ver, sid, exp, nbf, iat } = payload;
  // A token without an expiry would be valid forever: every token this server signs has one.
  if (typeof exp !== 'number' || !Number.isFinite(exp) || typeof sub !== 'string') return INVALID;
  if (iat !== undefined && typeof iat !== 'number') return INVALID;
  const now = Math.floor(Date.now() / 1000);
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return INVALID;
  if (exp <= now) return { ok: false, expired: true };
  // Tokens from before device sessions carry no `sid`: refused, so their holder signs in again.
  if (typeof ver !== 'number' || typeof sid !== 'string') return INVALID;
  return { ok: true, claims: { userId: sub, version: ver, sessionId: sid } };
}
