import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { MESSAGES } from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { decodeQuotedPrintable, startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { jpegDataUrl } from '../../test/images.js';
import { hashToken, newId, newSecretToken } from '../../lib/ids.js';
import { createAuthRepository } from './auth.repository.js';
import { ACCOUNT_LIMITS, IP_LIMITS } from './auth.service.js';

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // TRUST_PROXY lets the tests play several client addresses through X-Forwarded-For.
  t = await startTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ipCounter = 0;
/** A fresh client address, so one test's attempts do not count against another's. */
const freshIp = () => ({
  'x-forwarded-for': `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
});

const post = (path: string, body: unknown, headers = freshIp()) =>
  http(t.baseUrl, 'POST', path, { body, headers });

function resetLink(raw: string): string {
  const match = /http:\/\/[^\s"<>]*\/reset-password\/([A-Za-z0-9_-]+)/.exec(
    decodeQuotedPrintable(raw),
  );
  if (!match?.[1]) throw new Error('no reset link in mail');
  return match[1];
}

function connect(token: string | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(t.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe('POST /api/auth/register', () => {
  it('creates an account and answers 201 with a token and the public user', async () => {
    const res = await post('/api/auth/register', {
      name: '  Meera Iyer ',
      email: 'Meera@Example.com',
      password: 'meera-7',
    });
    expect(res.status).toBe(201);
    const body = res.body as { token: string; user: Record<string, unknown> };
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({ name: 'Meera Iyer', email: 'meera@example.com', bio: '' });
    expect(body.user.id).toMatch(/^[0-9a-f]{24}$/);
    expect(body.user._id).toBe(body.user.id);
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/i);
  });

  it('refuses the most common passwords and whitespace, after the product rules', async () => {
    const register = (password: string) =>
      post('/api/auth/register', { name: 'Lina', email: `lina-${newId()}@example.com`, password });
    for (const common of ['123456', 'password', 'Password1', 'qwerty123', 'iloveyou', 'secret1']) {
      const res = await register(common);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: MESSAGES.passwordTooCommon });
    }
    for (const blank of ['      ', '\t\t\t\t\t\t', '\u00a0'.repeat(8)]) {
      const res = await register(blank);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: MESSAGES.passwordOnlySpaces });
    }
    // The product's own messages come first (docs/product.md §3.3): a short common password is
    // "too short".
    expect((await register('12345')).body).toMatchObject({ message: MESSAGES.passwordMin6 });
    expect((await register('')).body).toMatchObject({ message: MESSAGES.passwordRequired });
    // Characters as a person sees them: five family emoji are 5, not 55 UTF-16 units.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    expect((await register(family.repeat(5))).body).toMatchObject({
      message: MESSAGES.passwordMin6,
    });
    expect((await register(family.repeat(6))).status).toBe(201);
    expect((await register('e\u0301'.repeat(5))).body).toMatchObject({
      message: MESSAGES.passwordMin6,
    });

    // Reset and change apply the same list.
    const account = await registerUser(t.baseUrl);
    const change = await http(t.baseUrl, 'POST', '/api/auth/change-password', {
      token: account.token,
      body: { currentPassword: account.password, newPassword: 'Password1' },
    });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ message: MESSAGES.passwordTooCommon });
    const token = newSecretToken();
    await createAuthRepository(t.app.deps.db).insertResetToken({
      id: newId(),
      userId: account.user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await post(`/api/auth/reset-password/${token}`, { password: 'Qwerty123' });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ message: MESSAGES.passwordTooCommon });
    // The link was not used up by the refusal.
    expect(
      (await post(`/api/auth/reset-password/${token}`, { password: 'Unusual-Pick-31' })).status,
    ).toBe(200);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    await post('/api/auth/register', {
      name: 'Ravi',
      email: 'ravi@example.com',
      password: 'ravi-one',
    });
    const res = await post('/api/auth/register', {
      name: 'Ravi 2',
      email: ' RAVI@example.com',
      password: 'secret2',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: MESSAGES.emailTaken,
      error: MESSAGES.emailTaken,
      code: 'CONFLICT',
    });
  });

  it.each([
    [{}, MESSAGES.nameRequired],
    [{ name: 'Al' }, MESSAGES.emailRequired],
    [{ name: 'Al', email: 'al@x.io' }, MESSAGES.passwordRequired],
    [{ name: 'A', email: 'bad', password: '1' }, MESSAGES.nameMin2],
    [{ name: 'Al', email: 'bad', password: '1' }, MESSAGES.invalidEmail],
    [{ name: 'Al', email: 'al@x.io', password: '12345' }, MESSAGES.passwordMin6],
    [{ name: 42, email: 'al@x.io', password: 'secret1' }, MESSAGES.nameRequired],
    [{ name: 'Al', email: ['al@x.io'], password: 'secret1' }, MESSAGES.emailRequired],
  ])('400 for %j with the first failing rule', async (body, message) => {
    const res = await post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, error: message, code: 'VALIDATION_FAILED' });
  });

  it('answers malformed, missing, non-object and oversized bodies with a clear 4xx', async () => {
    const raw = (body: string, headers?: Record<string, string>) =>
      http(t.baseUrl, 'POST', '/api/auth/register', {
        raw: body,
        headers: { ...freshIp(), ...headers },
      });
    const malformed = await raw('{"name": "Al",');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ message: MESSAGES.invalidJson, code: 'INVALID_JSON' });

    const array = await raw('[1,2]');
    expect(array.status).toBe(400);
    expect(array.body).toMatchObject({ message: 'The request body must be a JSON object.' });

    const empty = await http(t.baseUrl, 'POST', '/api/auth/register', { headers: freshIp() });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'The request body must be a JSON object.' });

    const huge = await raw(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ message: MESSAGES.bodyTooLarge, code: 'BODY_TOO_LARGE' });

    const text = await raw('name=Al', { 'content-type': 'text/plain' });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ message: 'The request body must be a JSON object.' });

    const xml = await raw('<name>Al</name>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a NUL character in any field with 400, not a database 500', async () => {
    const user = await registerUser(t.baseUrl);
    const attempts = [
      post('/api/auth/register', { name: 'Nul\u0000', email: 'n@example.com', password: 'x1A' }),
      post('/api/auth/register', { name: 'Nul', email: 'n\u0000@example.com', password: 'x1A' }),
      post('/api/auth/login', { email: 'n\u0000@example.com', password: 'secret1' }),
      http(t.baseUrl, 'PATCH', '/api/auth/profile', {
        token: user.token,
        body: { bio: 'a\u0000' },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/NUL character/);
    }
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const account = await registerUser(t.baseUrl, { email: 'lina@example.com' });
    const res = await post('/api/auth/login', {
      email: 'LINA@example.com ',
      password: account.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { email: 'lina@example.com' } });
    expect((res.body as { token: string }).token).toBeTruthy();
  });

  it('gives the same 401 for a wrong password and an unknown email (no enumeration)', async () => {
    await registerUser(t.baseUrl, { email: 'omar@example.com' });
    const wrong = await post('/api/auth/login', {
      email: 'omar@example.com',
      password: 'wrong-pass',
    });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-pass',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        message: MESSAGES.invalidCredentials,
        error: MESSAGES.invalidCredentials,
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('validates in the product order', async () => {
    expect((await post('/api/auth/login', { email: '', password: '' })).body).toMatchObject({
      message: MESSAGES.emailRequired,
    });
    expect((await post('/api/auth/login', { email: 'x', password: '' })).body).toMatchObject({
      message: MESSAGES.passwordRequired,
    });
    expect((await post('/api/auth/login', { email: 'x', password: '1' })).body).toMatchObject({
      message: MESSAGES.invalidEmail,
    });
    expect((await post('/api/auth/login', { email: 'x@y.io', password: '1' })).body).toMatchObject({
      message: MESSAGES.passwordMin6,
    });
  });

  it('throttles repeated failures for one email from one address, not the real user elsewhere', async () => {
    const account = await registerUser(t.baseUrl, { email: 'target@example.com' });
    const attacker = freshIp();
    for (let i = 0; i < ACCOUNT_LIMITS.loginFailuresPerEmailIp.max; i++) {
      const res = await post(
        '/api/auth/login',
        { email: account.user.email, password: 'guess-' + i },
        attacker,
      );
      expect(res.status).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { email: account.user.email, password: account.password },
      attacker,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      message: expect.stringMatching(/^Too many attempts\. Please try again in 1[45] minutes\.$/),
      code: 'RATE_LIMITED',
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(13 * 60);

    const realUser = await post('/api/auth/login', {
      email: account.user.email,
      password: account.password,
    });
    expect(realUser.status).toBe(200);
  });
});

describe('profile and tokens', () => {
  it('reads and updates the profile with a bearer token', async () => {
    const { token } = await registerUser(t.baseUrl, { name: 'Sara' });
    const read = await http(t.baseUrl, 'GET', '/api/auth/profile', { token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ user: { name: 'Sara' } });

    const update = await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
      token,
      body: { bio: 'Physics, second year', yearOfStudy: '2nd Year', university: ' IIT Madras ' },
    });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({
      user: { bio: 'Physics, second year', yearOfStudy: '2nd Year', university: 'IIT Madras' },
    });

    const tooLong = await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
      token,
      body: { bio: 'x'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    const unknown = await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
      token,
      body: { email: 'x@y.io' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ message: 'Unknown field: email' });
  });

  it('stores a JPEG avatar data URL that a second sign-in reads back, and refuses other data', async () => {
    const { token, user, password } = await registerUser(t.baseUrl, { name: 'Avi' });
    const avatar = jpegDataUrl(400, 267);
    const saved = await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
      token,
      body: { profilePic: avatar, phone: '+91 98765 43210', location: 'Pune' },
    });
    expect(saved.status).toBe(200);
    // Another browser: a fresh sign-in sees what the first one saved.
    const again = await post('/api/auth/login', { email: user.email, password });
    expect(again.body).toMatchObject({
      user: { profilePic: avatar, phone: '+91 98765 43210', location: 'Pune' },
    });
    for (const bad of [
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/svg+xml;base64,PHN2Zz4=',
      `data:image/jpeg;base64,/9j/${'A'.repeat(800_000)}`,
      42,
    ]) {
      const res = await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
        token,
        body: { profilePic: bad },
      });
      expect(res.status).toBe(400);
    }
    const read = await http(t.baseUrl, 'GET', '/api/auth/profile', { token });
    expect(read.body).toMatchObject({ user: { profilePic: avatar } });
  });

  it('refuses missing, forged, wrong-algorithm and expired tokens with 401', async () => {
    const { user } = await registerUser(t.baseUrl);
    const secret = t.app.deps.jwtSecret;
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('studycircle')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(secret);
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('studycircle')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-xx'));
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: user.id, ver: 0, iss: 'studycircle' }),
    ).toString('base64url');
    const unsigned = `${header}.${payload}.`;

    const none = await http(t.baseUrl, 'GET', '/api/auth/profile');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ message: MESSAGES.noToken });
    for (const token of [expired, forged, unsigned, 'garbage']) {
      const res = await http(t.baseUrl, 'GET', '/api/auth/profile', { token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const expiredRes = await http(t.baseUrl, 'GET', '/api/auth/profile', { token: expired });
    expect(expiredRes.body).toMatchObject({ message: MESSAGES.sessionExpired });
  });

  it('refuses a correctly signed token that has no expiry, over HTTP and the socket', async () => {
    const { user } = await registerUser(t.baseUrl);
    const forever = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('studycircle')
      .setIssuedAt()
      .sign(t.app.deps.jwtSecret);
    const res = await http(t.baseUrl, 'GET', '/api/auth/profile', { token: forever });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(connect(forever)).rejects.toThrow('Invalid token');
  });

  it('logout makes earlier tokens unusable for HTTP and for the socket handshake', async () => {
    const { token } = await registerUser(t.baseUrl);
    const socket = await connect(token);
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect((await http(t.baseUrl, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    await disconnected;
    expect((await http(t.baseUrl, 'GET', '/api/auth/profile', { token })).status).toBe(401);
    await expect(connect(token)).rejects.toThrow(MESSAGES.sessionExpired);
    // The client ignores logout failures; a dead token still gets a calm 200.
    expect((await http(t.baseUrl, 'POST', '/api/auth/logout', { token })).status).toBe(200);
  });

  it('refuses a socket without a token', async () => {
    await expect(connect(undefined)).rejects.toThrow(MESSAGES.noToken);
  });

  it('a password change returns a fresh token and retires the old ones', async () => {
    const account = await registerUser(t.baseUrl);
    const res = await http<{ token: string }>(t.baseUrl, 'POST', '/api/auth/change-password', {
      token: account.token,
      body: { currentPassword: account.password, newPassword: 'NewSecret9' },
    });
    expect(res.status).toBe(200);
    expect(
      (await http(t.baseUrl, 'GET', '/api/auth/profile', { token: account.token })).status,
    ).toBe(401);
    expect(
      (await http(t.baseUrl, 'GET', '/api/auth/profile', { token: res.body.token })).status,
    ).toBe(200);
    const wrong = await http(t.baseUrl, 'POST', '/api/auth/change-password', {
      token: res.body.token,
      body: { currentPassword: 'nope', newPassword: 'NewSecret9' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Current password is incorrect' });
  });
});

describe('change password limits', () => {
  it('refuses further guesses of the current password after five wrong ones', async () => {
    const account = await registerUser(t.baseUrl);
    const attempt = (currentPassword: string) =>
      http(t.baseUrl, 'POST', '/api/auth/change-password', {
        token: account.token,
        body: { currentPassword, newPassword: 'NewSecret9' },
      });
    for (let i = 0; i < ACCOUNT_LIMITS.changePasswordFailuresPerUser.max; i++) {
      expect((await attempt(`wrong-${i}`)).status).toBe(400);
    }
    // Even the right password waits out the window: the guesser cannot tell it apart.
    const blocked = await attempt(account.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      message: expect.stringMatching(/^Too many attempts\. Please try again in 1[45] minutes\.$/),
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails and mails only real accounts', async () => {
    const account = await registerUser(t.baseUrl, { email: 'kiran@example.com' });
    const known = await post('/api/auth/forgot-password', { email: 'Kiran@example.com' });
    const unknown = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    // The account also got its verification mail on registration; the reset mail is its own.
    const mail = await smtp.waitForMailMatching(account.user.email, /Subject: Reset your/);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toContain(`${t.config.publicUrl}/reset-password/`);
    // Give a mail to the unknown address every chance to arrive, then make sure none did.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => m.to.includes('ghost@example.com'))).toBe(false);
  });

  it('resets once with the mailed token; the old password and old tokens stop working', async () => {
    const account = await registerUser(t.baseUrl, { email: 'dev@example.com' });
    await post('/api/auth/forgot-password', { email: account.user.email });
    const token = resetLink(
      await smtp.waitForMailMatching(account.user.email, /\/reset-password\//),
    );

    const weak = await post(`/api/auth/reset-password/${token}`, { password: 'lowercase1' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ message: MESSAGES.passwordComplexity });

    const ok = await post(`/api/auth/reset-password/${token}`, { password: 'BrandNew123' });
    expect(ok.status).toBe(200);

    const reused = await post(`/api/auth/reset-password/${token}`, { password: 'Another123' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      message: MESSAGES.resetLinkInvalid,
      code: 'INVALID_RESET_TOKEN',
    });

    expect(
      (await http(t.baseUrl, 'GET', '/api/auth/profile', { token: account.token })).status,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: account.user.email, password: account.password }))
        .status,
    ).toBe(401);
    expect(
      (await post('/api/auth/login', { email: account.user.email, password: 'BrandNew123' }))
        .status,
    ).toBe(200);
  });

  it('a reset ends the live connections of every session, not only HTTP tokens', async () => {
    const account = await registerUser(t.baseUrl);
    const second = await post('/api/auth/login', {
      email: account.user.email,
      password: account.password,
    });
    const sockets = [await connect(account.token), await connect(second.body.token as string)];
    const dropped = sockets.map(
      (socket) =>
        new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))),
    );
    const token = newSecretToken();
    await createAuthRepository(t.app.deps.db).insertResetToken({
      id: newId(),
      userId: account.user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(
      (await post(`/api/auth/reset-password/${token}`, { password: 'BrandNew123' })).status,
    ).toBe(200);
    // The server closed them ("io server disconnect"), not the client or the transport.
    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(connect(account.token)).rejects.toThrow(MESSAGES.sessionExpired);
  });

  it('refuses expired and unknown tokens', async () => {
    const account = await registerUser(t.baseUrl);
    const token = 'expired-token-for-the-test-0123456789';
    await createAuthRepository(t.app.deps.db).insertResetToken({
      id: newId(),
      userId: account.user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() - 1000),
    });
    for (const candidate of [token, 'unknown-token-abcdefghijklmnopqrstuvwxyz', 'short']) {
      const res = await post(`/api/auth/reset-password/${candidate}`, { password: 'BrandNew123' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: MESSAGES.resetLinkInvalid });
    }
  });

  it('refuses an over-long email before it becomes a lookup or a rate-limit key', async () => {
    const res = await post('/api/auth/forgot-password', {
      email: `${'a'.repeat(300)}@example.com`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGES.invalidEmail });
  });

  it('rate-limits forgot-password per address with a clear 429', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i <= IP_LIMITS.forgotPerIp.max; i++) {
      statuses.push(
        (await post('/api/auth/forgot-password', { email: `p${i}@example.com` }, ip)).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('system routes and headers', () => {
  it('health, config, JSON 404 for unknown API paths, and strict headers', async () => {
    expect((await http(t.baseUrl, 'GET', '/api/health')).body).toEqual({ status: 'ok' });
    const config = await http(t.baseUrl, 'GET', '/api/config');
    expect(config.body).toMatchObject({
      iceServers: expect.any(Array),
      contactEmail: expect.any(String),
    });
    const badUrl = await http(t.baseUrl, 'GET', '/api/rooms/%E0%A4%A');
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({
      message: 'The request URL is malformed.',
      error: 'The request URL is malformed.',
      code: 'VALIDATION_FAILED',
    });
    const missing = await http(t.baseUrl, 'GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
    // An unknown API path is answered as the API answers: JSON that nothing may run or frame.
    const csp = missing.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });
});
