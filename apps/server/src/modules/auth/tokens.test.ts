import { jwtVerify, SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedTokenCount, signToken, VERIFIED_TOKEN_CACHE, verifyToken } from './tokens.js';

const secret = new TextEncoder().encode('tokens-test-secret-0123456789abcdef');
const otherSecret = new TextEncoder().encode('another-secret-0123456789abcdef-xyz');

/** An HS256 token put together by hand, for headers jose refuses to sign. */
function signedByHand(header: object, payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode(header)}.${encode(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('bearer tokens', () => {
  it('verifies its own tokens, with the claims it signed', async () => {
    const token = await signToken(secret, {
      userId: 'a'.repeat(24),
      version: 3,
      sessionId: 's'.repeat(24),
    });
    expect(await verifyToken(secret, token)).toEqual({
      ok: true,
      claims: { userId: 'a'.repeat(24), version: 3, sessionId: 's'.repeat(24) },
    });
  });

  it('stays compatible with tokens signed from the raw secret bytes', async () => {
    // The key is imported once; tokens from any other HS256 signer holding the secret must still
    // verify, and ours must verify with the bytes alone.
    const fromBytes = await new SignJWT({ ver: 0, sid: 'f'.repeat(24) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('b'.repeat(24))
      .setIssuer('studycircle')
      .setExpirationTime('1h')
      .sign(secret);
    expect(await verifyToken(secret, fromBytes)).toMatchObject({ ok: true });
    const ours = await signToken(secret, {
      userId: 'c'.repeat(24),
      version: 1,
      sessionId: 'f'.repeat(24),
    });
    const { payload } = await jwtVerify(ours, secret, { algorithms: ['HS256'] });
    expect(payload).toMatchObject({ sub: 'c'.repeat(24), ver: 1, sid: 'f'.repeat(24) });
  });

  it('keeps each secret apart: a token signed with another secret is refused', async () => {
    const token = await signToken(otherSecret, {
      userId: 'd'.repeat(24),
      version: 0,
      sessionId: 'f'.repeat(24),
    });
    expect(await verifyToken(otherSecret, token)).toMatchObject({ ok: true });
    expect(await verifyToken(secret, token)).toEqual({ ok: false, expired: false });
  });

  it('refuses a token without a device session (signed before sessions existed)', async () => {
    const old = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('b'.repeat(24))
      .setIssuer('studycircle')
      .setExpirationTime('1h')
      .sign(secret);
    expect(await verifyToken(secret, old)).toEqual({ ok: false, expired: false });
  });

  it('reports an expired token as expired', async () => {
    const token = await signToken(
      secret,
      { userId: 'e'.repeat(24), version: 0, sessionId: 'f'.repeat(24) },
      -10,
    );
    expect(await verifyToken(secret, token)).toEqual({ ok: false, expired: true });
  });

  it('refuses every token it did not sign exactly as it signs them', async () => {
    const claims = { ver: 0, sid: 'f'.repeat(24) };
    const signed = (header: { alg: string }, extra = {}) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader(header)
        .setSubject('b'.repeat(24))
        .setIssuer('studycircle')
        .setExpirationTime('1h')
        .sign(secret);
    const good = await signed({ alg: 'HS256' });
    expect(await verifyToken(secret, good)).toMatchObject({ ok: true });
    const [head, body, signature] = good.split('.') as [string, string, string];
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    // The hand-made signer signs as we do: without the extension its token passes.
    await expect(
      verifyToken(secret, signedByHand({ alg: 'HS256' }, payload)),
    ).resolves.toMatchObject({
      ok: true,
    });
    const refused = {
      // Same secret, another algorithm: a verifier must pin HS256.
      hs512: await signed({ alg: 'HS512' }),
      none: `${encode({ alg: 'none' })}.${body}.`,
      // A claim changed after signing (another account).
      tampered: `${head}.${encode({ ...payload, sub: 'c'.repeat(24) })}.${signature}`,
      // The same signature spelled with padding or with a stray character.
      padded: `${good}=`,
      stray: `${head}.${body}.${signature}!`,
      truncated: `${head}.${body}.${signature.slice(0, -2)}`,
      'four parts': `${good}.${signature}`,
      'another issuer': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('b'.repeat(24))
        .setIssuer('someone-else')
        .setExpirationTime('1h')
        .sign(secret),
      // Claims are checked when present; the issuer must be there as well.
      'no issuer': signedByHand({ alg: 'HS256' }, { ...payload, iss: undefined }),
      'not valid yet': await signed({ alg: 'HS256' }, { nbf: Math.floor(Date.now() / 1000) + 600 }),
      // Correctly signed, but with a header extension the verifier would have to understand.
      'an extension it does not know': signedByHand({ alg: 'HS256', crit: ['x'], x: 1 }, payload),
      // An unencoded payload (RFC 7797) would change what the signature covers.
      'an unencoded payload': signedByHand({ alg: 'HS256', b64: false, crit: ['b64'] }, payload),
    };
    const results = Object.fromEntries(
      await Promise.all(
        Object.entries(refused).map(async ([name, token]) => [
          name,
          await verifyToken(secret, token),
        ]),
      ),
    );
    expect(results).toEqual(
      Object.fromEntries(Object.keys(refused).map((name) => [name, { ok: false, expired: false }])),
    );
  });
});

describe('the verified-token cache', () => {
  afterEach(() => vi.useRealTimers());

  it('never outlives the token: a remembered token is expired at its exp', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T10:00:00Z');
    vi.setSystemTime(start);
    const cacheSecret = new TextEncoder().encode('cache-expiry-secret-0123456789abcdef');
    const claims = { userId: 'a'.repeat(24), version: 0, sessionId: 'b'.repeat(24) };
    const token = await signToken(cacheSecret, claims, 60);
    expect(await verifyToken(cacheSecret, token)).toMatchObject({ ok: true });
    expect(cachedTokenCount(cacheSecret)).toBe(1);
    // Still remembered and valid just before its exp (well inside the cache's own TTL)...
    vi.setSystemTime(start.getTime() + 59_000);
    expect(await verifyToken(cacheSecret, token)).toMatchObject({ ok: true });
    // ...and refused as expired once past it, though the TTL alone would have kept it.
    vi.setSystemTime(start.getTime() + 61_000);
    expect(VERIFIED_TOKEN_CACHE.ttlMs).toBeGreaterThan(61_000);
    expect(await verifyToken(cacheSecret, token)).toEqual({ ok: false, expired: true });
  });

  it('keys on the whole token: a remembered token with another signature or claim misses', async () => {
    const cacheSecret = new TextEncoder().encode('cache-keying-secret-0123456789abcdef');
    const token = await signToken(cacheSecret, {
      userId: 'c'.repeat(24),
      version: 2,
      sessionId: 'd'.repeat(24),
    });
    expect(await verifyToken(cacheSecret, token)).toMatchObject({ ok: true });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ver: 3 }),
    ).toString('base64url');
    expect(await verifyToken(cacheSecret, `${header}.${payload}.${flipped}`)).toEqual({
      ok: false,
      expired: false,
    });
    expect(await verifyToken(cacheSecret, `${header}.${raised}.${signature}`)).toEqual({
      ok: false,
      expired: false,
    });
    expect(await verifyToken(cacheSecret, token)).toMatchObject({ ok: true });
  });

  it('is bounded: past its size the least recently used tokens are dropped', async () => {
    const cacheSecret = new TextEncoder().encode('cache-bounds-secret-0123456789abcdef');
    for (let i = 0; i < VERIFIED_TOKEN_CACHE.size + 50; i++) {
      const token = await signToken(cacheSecret, {
        userId: i.toString(16).padStart(24, '0'),
        version: 0,
        sessionId: 'e'.repeat(24),
      });
      await verifyToken(cacheSecret, token);
    }
    expect(cachedTokenCount(cacheSecret)).toBe(VERIFIED_TOKEN_CACHE.size);
  });
});
