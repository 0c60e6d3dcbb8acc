import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AuthResponseSchema,
  ERROR_CODES,
  UserSchema,
  VERIFY_EMAIL_MESSAGES,
  VERIFY_EMAIL_TOKEN_TTL_MS,
} from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { freePort, startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { verificationToken } from '../../test/verify-email.js';
import { emailVerificationTokens } from '../../db/schema.js';
import { hashToken, newId, newSecretToken } from '../../lib/ids.js';
import { createAuthRepository } from './auth.repository.js';
import { ACCOUNT_LIMITS } from './auth.service.js';

/**
 * E-mail verification over real HTTP with mail caught by a real SMTP server (docs/product.md
 * §3.12): the registration mail and its link, single use, expiry, the banner's resend and its
 * allowance, and a registration that does not depend on the mail server.
 */

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.test' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  http(t.baseUrl, method, path, { token, body });
const verify = (token: string) => call('POST', `/api/auth/verify-email/${token}`);
const profile = async (token: string) =>
  UserSchema.parse((await call('GET', '/api/auth/profile', token)).body.user);

describe('the verification mail', () => {
  it('goes out on registration with a single-use link that verifies the address', async () => {
    const me = await registerUser(t.baseUrl, { name: 'Nia <Verifies>' });
    expect(me.user.emailVerified).toBe(false);
    expect((await profile(me.token)).emailVerified).toBe(false);

    const mail = await smtp.waitForMailMatching(me.user.email, /verify-email/);
    expect(mail).toMatch(/Subject: Verify your email address for StudyCircle/);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    // The HTML part never carries a name's markup.
    expect(mail).toContain('Nia &lt;Verifies&gt;');
    const token = await verificationToken(smtp, me.user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail).toContain(`http://app.test/verify-email/${token}`);
    // Only its hash is stored.
    const rows = await t.database.db
      .select({ tokenHash: emailVerificationTokens.tokenHash })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, me.user.id));
    expect(rows).toEqual([{ tokenHash: hashToken(token) }]);

    // Public: the link may be opened in a browser where nobody is signed in.
    const ok = await verify(token);
    expect([ok.status, ok.body]).toEqual([
      200,
      { ok: true, message: VERIFY_EMAIL_MESSAGES.verified },
    ]);
    expect((await profile(me.token)).emailVerified).toBe(true);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: me.user.email,
      password: me.password,
    });
    expect(AuthResponseSchema.parse(login.body).user.emailVerified).toBe(true);

    // A second click on the same mail is no error.
    const again = await verify(token);
    expect([again.status, again.body.message]).toEqual([
      200,
      VERIFY_EMAIL_MESSAGES.alreadyVerified,
    ]);
  });

  it('refuses unknown, malformed, expired and other-address links with one clear 400', async () => {
    const me = await registerUser(t.baseUrl);
    const repo = createAuthRepository(t.database.db);
    const expired = newSecretToken();
    await repo.insertVerifyToken({
      id: newId(),
      userId: me.user.id,
      email: me.user.email,
      tokenHash: hashToken(expired),
      expiresAt: new Date(Date.now() - 1000),
    });
    // A link that proves another mailbox never verifies this account's address.
    const elsewhere = newSecretToken();
    await repo.insertVerifyToken({
      id: newId(),
      userId: me.user.id,
      email: 'someone-else@example.com',
      tokenHash: hashToken(elsewhere),
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_TOKEN_TTL_MS),
    });
    for (const token of [newSecretToken(), 'short', 'x'.repeat(90), expired, elsewhere]) {
      const res = await verify(token);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        400,
        ERROR_CODES.invalidVerifyToken,
        VERIFY_EMAIL_MESSAGES.linkInvalid,
      ]);
    }
    expect((await profile(me.token)).emailVerified).toBe(false);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link to the signed-in user; using any one verifies and retires the others', async () => {
    const me = await registerUser(t.baseUrl);
    const first = await verificationToken(smtp, me.user.email);
    expect((await call('POST', '/api/auth/resend-verification')).status).toBe(401);

    const resent = await call('POST', '/api/auth/resend-verification', me.token);
    expect([resent.status, resent.body]).toEqual([
      200,
      { ok: true, message: VERIFY_EMAIL_MESSAGES.resent },
    ]);
    const second = await verificationToken(smtp, me.user.email);
    expect(second).not.toBe(first);

    expect((await verify(second)).body.message).toBe(VERIFY_EMAIL_MESSAGES.verified);
    // The first link can no longer verify anything new; the account is verified, and says so.
    expect((await verify(first)).body.message).toBe(VERIFY_EMAIL_MESSAGES.alreadyVerified);

    const done = await call('POST', '/api/auth/resend-verification', me.token);
    expect([done.status, done.body.message]).toEqual([409, VERIFY_EMAIL_MESSAGES.alreadyVerified]);
  });

  it(`sends at most ${ACCOUNT_LIMITS.verifyMailsPerUser.max} an hour per account`, async () => {
    const me = await registerUser(t.baseUrl);
    await smtp.waitForMailMatching(me.user.email, /verify-email/);
    for (let i = 0; i < ACCOUNT_LIMITS.verifyMailsPerUser.max; i += 1) {
      expect((await call('POST', '/api/auth/resend-verification', me.token)).status).toBe(200);
    }
    const held = await call('POST', '/api/auth/resend-verification', me.token);
    expect([held.status, held.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(held.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const mails = smtp.messages.filter((m) => m.to.includes(me.user.email));
    expect(mails).toHaveLength(1 + ACCOUNT_LIMITS.verifyMailsPerUser.max);
  });
});

describe('registration without a working mail server', () => {
  it('still registers (the product flow is unchanged); the resend says the mail could not go', async () => {
    const closed = await startTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` },
    });
    try {
      const me = await registerUser(closed.baseUrl);
      expect(me.user.emailVerified).toBe(false);
      const resend = await http(closed.baseUrl, 'POST', '/api/auth/resend-verification', {
        token: me.token,
      });
      expect([resend.status, resend.body.message]).toEqual([
        503,
        VERIFY_EMAIL_MESSAGES.resendFailed,
      ]);
    } finally {
      await closed.close();
    }
  });
});
