import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './tokens.js';

const secret = new TextEncoder().encode('tokens-test-secret-0123456789abcdef');
const otherSecret = new TextEncoder().encode('another-secret-0123456789abcdef-xyz');

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
});
