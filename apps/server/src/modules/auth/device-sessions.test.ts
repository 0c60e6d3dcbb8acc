import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  DeviceSessionsResponseSchema,
  ERROR_CODES,
  SIGNED_OUT_ELSEWHERE_MESSAGE,
} from '@studycircle/shared';
import { http, registerUser, sessionIdOf, startTestApp, type TestApp } from '../../test/app.js';
import { eq } from 'drizzle-orm';
import { deviceSessions } from '../../db/schema.js';
import { ACCOUNT_LIMITS, LAST_SEEN_PRECISION_MS } from './auth.service.js';
import { describeUserAgent } from './device-name.js';

/**
 * One sign-out per device (docs/product.md §3.8, docs/decisions/0021-one-sign-out-per-device.md):
 * each sign-in is a session of its own; Sign Out ends that one, "Sign out of all devices" and a
 * password reset end them all, a password change ends all but the device that made it.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** An account signed in on two devices: the registration (a laptop) and a phone. */
async function twoDevices() {
  const account = await registerUser(t.baseUrl);
  const phone = await http<{ token: string }>(t.baseUrl, 'POST', '/api/auth/login', {
    body: { email: account.user.email, password: account.password },
    headers: { 'user-agent': SAFARI_IPHONE },
  });
  expect(phone.status).toBe(200);
  return { account, laptop: account.token, phone: phone.body.token };
}

const profileStatus = async (token: string) =>
  (await http(t.baseUrl, 'GET', '/api/auth/profile', { token })).status;

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(t.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** What a socket hears when its session ends: the `session-ended` event, then the disconnect. */
function ending(socket: Socket) {
  const told = new Promise<unknown>((resolve) => socket.once('session-ended', resolve));
  const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return Promise.all([told, reason]);
}

describe('device sessions', () => {
  it('Sign Out on one device leaves the other signed in, its socket too', async () => {
    const { laptop, phone } = await twoDevices();
    const phoneSocket = await connect(phone);
    const laptopSocket = await connect(laptop);
    let laptopTold = false;
    laptopSocket.once('session-ended', () => (laptopTold = true));
    const laptopDropped = new Promise<string>((r) => laptopSocket.once('disconnect', r));
    const phoneDropped = new Promise<string>((r) => phoneSocket.once('disconnect', r));

    expect((await http(t.baseUrl, 'POST', '/api/auth/logout', { token: laptop })).status).toBe(200);
    expect(await laptopDropped).toBe('io server disconnect');
    // Signed out here, not elsewhere: this device's own sockets are not told otherwise.
    expect(laptopTold).toBe(false);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(200);
    // The phone's live link stays up (nothing dropped it within a round trip).
    const still = await Promise.race([
      phoneDropped,
      new Promise((r) => setTimeout(() => r('still connected'), 300)),
    ]);
    expect(still).toBe('still connected');
    expect(phoneSocket.connected).toBe(true);
    phoneSocket.close();
  });

  it('refuses a signed-out session on HTTP and at the socket handshake with SESSION_ENDED', async () => {
    const { account, laptop, phone } = await twoDevices();
    const phoneId = sessionIdOf(phone);
    const res = await http(t.baseUrl, 'DELETE', `/api/auth/sessions/${phoneId}`, {
      token: laptop,
    });
    expect(res.status).toBe(200);
    const refused = await http(t.baseUrl, 'GET', '/api/auth/profile', { token: phone });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: ERROR_CODES.sessionEnded });
    await expect(connect(phone)).rejects.toMatchObject({
      data: { code: ERROR_CODES.sessionEnded },
    });
    // Ending it again, or another account's session, is a 404; a malformed id a 400.
    const again = await http(t.baseUrl, 'DELETE', `/api/auth/sessions/${phoneId}`, {
      token: laptop,
    });
    expect(again.status).toBe(404);
    const stranger = await registerUser(t.baseUrl);
    const foreign = await http(
      t.baseUrl,
      'DELETE',
      `/api/auth/sessions/${sessionIdOf(account.token)}`,
      { token: stranger.token },
    );
    expect(foreign.status).toBe(404);
    expect(await profileStatus(laptop)).toBe(200);
    const bad = await http(t.baseUrl, 'DELETE', '/api/auth/sessions/not-an-id', { token: laptop });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: ERROR_CODES.validation });
  });

  it('lists the signed-in devices, this one marked and first', async () => {
    const { laptop, phone } = await twoDevices();
    const res = await http(t.baseUrl, 'GET', '/api/auth/sessions', { token: phone });
    expect(res.status).toBe(200);
    const { sessions } = DeviceSessionsResponseSchema.parse(res.body);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      id: sessionIdOf(phone),
      device: 'Safari on iPhone',
      browser: 'Safari',
      system: 'iOS',
      deviceType: 'phone',
      current: true,
    });
    expect(sessions[1]).toMatchObject({ id: sessionIdOf(laptop), current: false });
    expect(Date.parse(sessions[0]!.signedInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(sessions[0]!.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await http(t.baseUrl, 'GET', '/api/auth/sessions')).status).toBe(401);
  });

  it('refreshes last active on use at most once per few minutes, on requests and socket connects', async () => {
    const { laptop, phone } = await twoDevices();
    const { db } = t.app.deps;
    const lastSeen = async (token: string) =>
      (
        await db
          .select({ at: deviceSessions.lastSeenAt })
          .from(deviceSessions)
          .where(eq(deviceSessions.id, sessionIdOf(token)))
      )[0]!.at.getTime();
    const setLastSeen = (token: string, at: number) =>
      db
        .update(deviceSessions)
        .set({ lastSeenAt: new Date(at) })
        .where(eq(deviceSessions.id, sessionIdOf(token)));
    /** The refresh is not awaited by the request: wait for it to land. */
    const settled = async (token: string, since: number) => {
      for (let i = 0; i < 50 && (await lastSeen(token)) <= since; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return lastSeen(token);
    };

    // Seen within the precision: a request leaves the row alone (no write on the hot path).
    const recent = Date.now() - LAST_SEEN_PRECISION_MS / 2;
    await setLastSeen(laptop, recent);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(laptop)).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect(await lastSeen(laptop)).toBe(recent);

    // Older than that: the next request moves it to now, and the list shows it.
    const stale = Date.now() - 2 * LAST_SEEN_PRECISION_MS;
    await setLastSeen(laptop, stale);
    const before = Date.now();
    expect(await profileStatus(laptop)).toBe(200);
    expect(await settled(laptop, stale)).toBeGreaterThanOrEqual(before - 1000);
    const list = await http(t.baseUrl, 'GET', '/api/auth/sessions', { token: phone });
    const listed = DeviceSessionsResponseSchema.parse(list.body).sessions;
    expect(Date.parse(listed.find((s) => s.id === sessionIdOf(laptop))!.lastSeenAt)).toBe(
      await lastSeen(laptop),
    );

    // A socket connecting counts as use too.
    await setLastSeen(phone, stale);
    const socket = await connect(phone);
    expect(await settled(phone, stale)).toBeGreaterThanOrEqual(before - 1000);
    socket.close();
  });

  it('leaves out, and forgets at the next sign-in, a session whose tokens have all expired', async () => {
    const { account, laptop, phone } = await twoDevices();
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const { db } = t.app.deps;
    await db
      .update(deviceSessions)
      .set({ lastSeenAt: eightDaysAgo })
      .where(eq(deviceSessions.id, sessionIdOf(phone)));
    const list = await http(t.baseUrl, 'GET', '/api/auth/sessions', { token: laptop });
    expect(DeviceSessionsResponseSchema.parse(list.body).sessions.map((s) => s.id)).toEqual([
      sessionIdOf(laptop),
    ]);
    const again = await http(t.baseUrl, 'POST', '/api/auth/login', {
      body: { email: account.user.email, password: account.password },
    });
    expect(again.status).toBe(200);
    const rows = await db
      .select({ id: deviceSessions.id })
      .from(deviceSessions)
      .where(eq(deviceSessions.userId, account.user.id));
    expect(rows.map((r) => r.id)).not.toContain(sessionIdOf(phone));
    expect(rows).toHaveLength(2);
  });

  it('"Sign out of all devices" ends every session, this one included, telling each socket why', async () => {
    const { laptop, phone } = await twoDevices();
    const phoneSocket = await connect(phone);
    const phoneEnded = ending(phoneSocket);
    expect((await http(t.baseUrl, 'DELETE', '/api/auth/sessions', { token: laptop })).status).toBe(
      200,
    );
    expect(await phoneEnded).toEqual([
      { code: ERROR_CODES.sessionEnded, message: SIGNED_OUT_ELSEWHERE_MESSAGE },
      'io server disconnect',
    ]);
    expect(await profileStatus(laptop)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
  });

  it('a password change keeps this device signed in and ends the others', async () => {
    const { account, laptop, phone } = await twoDevices();
    const laptopSocket = await connect(laptop);
    const phoneSocket = await connect(phone);
    const phoneEnded = ending(phoneSocket);
    let laptopTold = false;
    laptopSocket.once('session-ended', () => (laptopTold = true));
    const res = await http<{ token: string }>(t.baseUrl, 'POST', '/api/auth/change-password', {
      token: laptop,
      body: { currentPassword: account.password, newPassword: 'Another456x' },
    });
    expect(res.status).toBe(200);
    expect((await phoneEnded)[1]).toBe('io server disconnect');
    expect(await profileStatus(phone)).toBe(401);
    // Same device session, new token; the old token (older version) is refused.
    expect(sessionIdOf(res.body.token)).toBe(sessionIdOf(laptop));
    expect(await profileStatus(res.body.token)).toBe(200);
    expect(await profileStatus(laptop)).toBe(401);
    const list = await http(t.baseUrl, 'GET', '/api/auth/sessions', { token: res.body.token });
    expect(DeviceSessionsResponseSchema.parse(list.body).sessions.map((s) => s.id)).toEqual([
      sessionIdOf(laptop),
    ]);
    expect(laptopTold).toBe(false);
    laptopSocket.close();
  });
});

/** A 429 as every limited route answers it (docs/decisions/0007-rate-limits.md). */
function expectRateLimited(res: Awaited<ReturnType<typeof http>>) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({
    code: ERROR_CODES.rateLimited,
    message: expect.stringMatching(/^Too many attempts\. Please try again in 1[45] minutes\.$/),
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(13 * 60);
}

describe('device session limits', () => {
  it('answers 429 once a device has listed the sessions too often; other devices still list', async () => {
    const { laptop, phone } = await twoDevices();
    const { max } = ACCOUNT_LIMITS.sessionListsPerDevice;
    for (let i = 0; i < max; i++) {
      const res = await http(t.baseUrl, 'GET', '/api/auth/sessions', { token: laptop });
      expect(res.status).toBe(200);
    }
    expectRateLimited(await http(t.baseUrl, 'GET', '/api/auth/sessions', { token: laptop }));
    // Counted per device: the account's phone lists as before.
    expect((await http(t.baseUrl, 'GET', '/api/auth/sessions', { token: phone })).status).toBe(200);
  });

  it('answers 429 to a device looping on sign-outs, and the owner can still sign it out', async () => {
    const { laptop, phone } = await twoDevices();
    const { max } = ACCOUNT_LIMITS.sessionEndsPerDevice;
    // A stolen phone token probing session ids: each try counts, found or not.
    const unknownId = 'f'.repeat(24);
    for (let i = 0; i < max; i++) {
      const res = await http(t.baseUrl, 'DELETE', `/api/auth/sessions/${unknownId}`, {
        token: phone,
      });
      expect(res.status).toBe(404);
    }
    expectRateLimited(
      await http(t.baseUrl, 'DELETE', `/api/auth/sessions/${sessionIdOf(laptop)}`, {
        token: phone,
      }),
    );
    // "Sign out of all devices" shares the allowance, and nothing was ended.
    expectRateLimited(await http(t.baseUrl, 'DELETE', '/api/auth/sessions', { token: phone }));
    expect(await profileStatus(laptop)).toBe(200);
    // The laptop's own allowance is untouched: it signs the phone out.
    const res = await http(t.baseUrl, 'DELETE', `/api/auth/sessions/${sessionIdOf(phone)}`, {
      token: laptop,
    });
    expect(res.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
  });
});

describe('describeUserAgent', () => {
  it('tells browser, system and kind of device', () => {
    expect(describeUserAgent(CHROME_LINUX)).toEqual({
      label: 'Chrome on Linux',
      browser: 'Chrome',
      system: 'Linux',
      deviceType: 'desktop',
    });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({
      label: 'Safari on iPhone',
      browser: 'Safari',
      system: 'iOS',
      deviceType: 'phone',
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      ),
    ).toMatchObject({ label: 'Firefox on Windows', deviceType: 'desktop' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toMatchObject({ label: 'Chrome on Android', system: 'Android', deviceType: 'tablet' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toMatchObject({ label: 'Chrome on Android', deviceType: 'phone' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toMatchObject({ label: 'Edge on macOS', browser: 'Edge', deviceType: 'desktop' });
  });

  it('says "Unknown device" when it cannot tell, and keeps an older session\'s description', () => {
    expect(describeUserAgent('')).toMatchObject({ label: 'Unknown device', deviceType: null });
    expect(describeUserAgent('curl/8.5.0')).toMatchObject({
      label: 'Unknown device',
      browser: null,
      deviceType: null,
    });
    expect(describeUserAgent('Chrome on Linux')).toEqual({
      label: 'Chrome on Linux',
      browser: null,
      system: null,
      deviceType: null,
    });
  });
});
