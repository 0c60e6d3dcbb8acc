import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, registerUser, startTestApp, type TestApp } from '../test/app.js';
import { startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { newId, newSecretToken } from '../lib/ids.js';

/**
 * Nothing secret in caches or logs: every API reply is `Cache-Control: no-store` (a shared
 * library computer's browser keeps no profile, token or member list), pages cannot be framed, and
 * the tokens of reset and invitation links never reach the request log.
 */

let t: TestApp;
let smtp: SmtpCapture;
let log = '';

beforeAll(async () => {
  smtp = await startSmtpCapture();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' },
    logger: { level: 'info', stream },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('Cache-Control: no-store', () => {
  it('is on every API reply that carries personal data or a token, errors included', async () => {
    const owner = await registerUser(t.baseUrl);
    const member = await registerUser(t.baseUrl);
    const created = await http<{ room: { id: string; code: string } }>(
      t.baseUrl,
      'POST',
      '/api/rooms',
      { token: owner.token, body: { name: 'Cache room', subject: 'Privacy' } },
    );
    const room = created.body.room;
    const invite = await http<{ invitation: unknown }>(
      t.baseUrl,
      'POST',
      `/api/rooms/${room.id}/invitations`,
      { token: owner.token, body: { email: member.user.email, role: 'member' } },
    );
    // The invitation mail is handed over before the 201 (the member's first mail verifies them).
    const raw = smtp.messages
      .filter((m) => m.to.includes(member.user.email))
      .map((m) => m.raw.replace(/=\r?\n/g, ''))
      .find((m) => m.includes('/invite/'))!;
    const inviteToken = /\/invite\/([A-Za-z0-9_-]+)/.exec(raw)![1]!;
    // A real reset link, asked for as a user would, read from the mail it arrives in.
    await http(t.baseUrl, 'POST', '/api/auth/forgot-password', {
      body: { email: member.user.email },
    });
    await expect
      .poll(() => smtp.messages.some((m) => m.raw.includes('reset-password')), { timeout: 10_000 })
      .toBe(true);
    const resetMail = smtp.messages.find((m) => m.raw.includes('reset-password'))!;
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(
      resetMail.raw.replace(/=\r?\n/g, ''),
    )![1]!;

    const login = await http(t.baseUrl, 'POST', '/api/auth/login', {
      body: { email: owner.user.email, password: owner.password },
    });
    const replies = {
      register: await http(t.baseUrl, 'POST', '/api/auth/register', {
        body: { name: 'New one', email: `n-${newId()}@example.com`, password: 'Secret123' },
      }),
      login,
      'wrong login': await http(t.baseUrl, 'POST', '/api/auth/login', {
        body: { email: owner.user.email, password: 'Wrong-pass-1' },
      }),
      profile: await http(t.baseUrl, 'GET', '/api/auth/profile', { token: owner.token }),
      'profile update': await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
        token: owner.token,
        body: { bio: 'Hi' },
      }),
      'no token': await http(t.baseUrl, 'GET', '/api/auth/profile'),
      'room create': created,
      rooms: await http(t.baseUrl, 'GET', '/api/rooms', { token: owner.token }),
      room: await http(t.baseUrl, 'GET', `/api/rooms/${room.id}`, { token: owner.token }),
      'room by code': await http(t.baseUrl, 'GET', `/api/rooms/${room.code}`, {
        token: owner.token,
      }),
      'room update': await http(t.baseUrl, 'PATCH', `/api/rooms/${room.id}`, {
        token: owner.token,
        body: { status: 'studying' },
      }),
      invite,
      invitation: await http(t.baseUrl, 'GET', `/api/invitations/${inviteToken}`),
      accept: await http(t.baseUrl, 'POST', `/api/invitations/${inviteToken}/accept`, {
        token: member.token,
      }),
      join: await http(t.baseUrl, 'POST', '/api/rooms/join', {
        token: member.token,
        body: { code: room.code },
      }),
      members: await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/members`, {
        token: owner.token,
      }),
      messages: await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/messages`, {
        token: owner.token,
      }),
      'forbidden room': await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/members`, {
        token: (await registerUser(t.baseUrl)).token,
      }),
      'change password': await http(t.baseUrl, 'POST', '/api/auth/change-password', {
        token: (login.body as { token: string }).token,
        body: { currentPassword: owner.password, newPassword: 'Changed-Pass-9' },
      }),
      forgot: await http(t.baseUrl, 'POST', '/api/auth/forgot-password', {
        body: { email: member.user.email },
      }),
      reset: await http(t.baseUrl, 'POST', `/api/auth/reset-password/${resetToken}`, {
        body: { password: 'Reset-Pass-42' },
      }),
      logout: await http(t.baseUrl, 'POST', '/api/auth/logout', { token: member.token }),
    };
    const statuses = Object.fromEntries(Object.entries(replies).map(([k, r]) => [k, r.status]));
    // The calls did what they should, so the headers below belong to real answers.
    expect(statuses).toMatchObject({
      register: 201,
      login: 200,
      'wrong login': 401,
      profile: 200,
      invitation: 200,
      accept: 200,
      members: 200,
      'forbidden room': 403,
      reset: 200,
    });
    const missing = Object.entries(replies)
      .filter(([, r]) => r.headers.get('cache-control') !== 'no-store')
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('leaves the web app and its assets to their own caching', async () => {
    const page = await http(t.baseUrl, 'GET', '/');
    expect(page.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('framing', () => {
  it('answers X-Frame-Options DENY, agreeing with frame-ancestors none', async () => {
    for (const path of ['/', '/api/health']) {
      const res = await http(t.baseUrl, 'GET', path);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});

describe('security headers', () => {
  it('are on pages, errors outside the API and unknown paths alike', async () => {
    // The headers are worked out once at start-up; each kind of reply must still get all of them.
    const paths = ['/', '/rooms', '/no-such.js', '/%61pi/no-such-route'];
    for (const path of paths) {
      const res = await http(t.baseUrl, 'GET', path);
      const h = (name: string) => res.headers.get(name);
      expect({ path, csp: h('content-security-policy') }).toEqual({
        path,
        csp: expect.stringContaining("default-src 'self';script-src 'self';") as string,
      });
      expect({
        path,
        nosniff: h('x-content-type-options'),
        hsts: h('strict-transport-security'),
      }).toEqual({ path, nosniff: 'nosniff', hsts: 'max-age=31536000; includeSubDomains' });
      expect({
        path,
        coop: h('cross-origin-opener-policy'),
        corp: h('cross-origin-resource-policy'),
      }).toEqual({ path, coop: 'same-origin', corp: 'same-origin' });
      expect({
        path,
        referrer: h('referrer-policy'),
        permissions: h('permissions-policy'),
      }).toEqual({
        path,
        referrer: 'strict-origin-when-cross-origin',
        permissions:
          'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()',
      });
    }
  });

  it("are the API's own set on every API reply: nothing runs, loads, frames or caches it", async () => {
    const { token } = await registerUser(t.baseUrl);
    const replies = [
      await http(t.baseUrl, 'GET', '/api/health'),
      await http(t.baseUrl, 'GET', '/api/auth/profile', { token }),
      await http(t.baseUrl, 'GET', '/api/auth/profile'),
      await http(t.baseUrl, 'GET', '/api/no-such-route'),
      await http(t.baseUrl, 'POST', '/api/auth/login', { body: { email: 'x' } }),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 401, 404, 400]);
    for (const res of replies) {
      const headers = Object.fromEntries(
        [...res.headers].filter(
          ([name]) =>
            !/^(content-(type|length|encoding)|date|connection|keep-alive|vary)$/.test(name),
        ),
      );
      expect(headers).toEqual({
        'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
    }
  });
});

describe('the request log', () => {
  it('never holds the token of a reset, invitation or e-mail verification link', async () => {
    const token = newSecretToken();
    const paths = [
      `/api/auth/reset-password/${token}`,
      `/api/auth/verify-email/${token}`,
      `/verify-email/${token}`,
      `/api/invitations/${token}`,
      `/api/invitations/${token}/accept`,
      `/reset-password/${token}`,
      `/invite/${token}?from=mail`,
    ];
    for (const path of paths) {
      await http(t.baseUrl, path.startsWith('/api/auth') ? 'POST' : 'GET', path, {
        body: path.startsWith('/api/auth') ? { password: 'Reset-Pass-42' } : undefined,
      });
    }
    await expect.poll(() => log.includes('/invite/[redacted]?from=mail')).toBe(true);
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).toContain('/api/invitations/[redacted]/accept');
    expect(log).toContain('/api/auth/verify-email/[redacted]');
    expect(log).toContain('"url":"/verify-email/[redacted]"');
    expect(log).not.toContain(token);
  });

  it('warns loudly that TRUST_PROXY=true lets clients choose their address', () => {
    expect(log).toMatch(/"level":40.*TRUST_PROXY=true believes any X-Forwarded-For/);
  });
});
