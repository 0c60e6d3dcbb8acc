import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicConfigSchema } from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { newUser } from '../../test/live.js';
import { TURN_CREDENTIAL_TTL_S } from './turn.js';

const TURN = {
  TURN_URL: 'turn:127.0.0.1:3478?transport=udp, turn:127.0.0.1:3478?transport=tcp',
  TURN_SECRET: 'a-shared-secret-for-coturn',
};

describe('GET /api/config with a TURN server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: TURN });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands a signed-in user coturn REST credentials that expire in an hour', async () => {
    const user = await newUser(t);
    const before = Math.floor(Date.now() / 1000);
    const res = await http(t.baseUrl, 'GET', '/api/config', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { iceServers } = PublicConfigSchema.parse(res.body);
    const turn = iceServers.find((s) => String(s.urls).includes('turn:'))!;
    expect(turn.urls).toEqual([
      'turn:127.0.0.1:3478?transport=udp',
      'turn:127.0.0.1:3478?transport=tcp',
    ]);
    const [expiry, userId] = turn.username!.split(':');
    expect(userId).toBe(user.user.id);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + TURN_CREDENTIAL_TTL_S);
    expect(Number(expiry)).toBeLessThanOrEqual(before + TURN_CREDENTIAL_TTL_S + 5);
    // What coturn computes from its static-auth-secret to accept the username.
    const expected = createHmac('sha1', TURN.TURN_SECRET).update(turn.username!).digest('base64');
    expect(turn.credential).toBe(expected);
  });

  it('gives no TURN credentials without a valid token', async () => {
    for (const token of [undefined, 'stale']) {
      const res = await http(t.baseUrl, 'GET', '/api/config', { token });
      const { iceServers } = PublicConfigSchema.parse(res.body);
      expect(iceServers.some((s) => s.username !== undefined || s.credential !== undefined)).toBe(
        false,
      );
    }
  });
});
