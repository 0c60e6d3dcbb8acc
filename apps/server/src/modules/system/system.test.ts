import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_LIMIT, PublicConfigSchema } from '@studycircle/shared';
import { freePort } from '@studycircle/test-kit';
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

describe('GET /api/config without a Janus that answers', () => {
  let off: TestApp;
  let unreachable: TestApp;
  beforeAll(async () => {
    off = await startTestApp({ env: { JANUS_URL: 'off', CALL_MESH_MAX: '3' } });
    // A JANUS_URL nothing listens on: the server starts all the same and keeps trying.
    const port = await freePort();
    unreachable = await startTestApp({ env: { JANUS_URL: `ws://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await off?.close();
    await unreachable?.close();
  });

  it('says calls stay peer to peer, up to the mesh limit', async () => {
    for (const [t, meshMax] of [
      [off, 3],
      [unreachable, 4],
    ] as const) {
      const res = await http(t.baseUrl, 'GET', '/api/config');
      expect(res.status).toBe(200);
      expect(PublicConfigSchema.parse(res.body).calls).toEqual({
        sfu: false,
        meshMax,
        limit: CALL_LIMIT,
      });
    }
    expect(unreachable.app.services.sfu.status()).toEqual({
      mode: 'external',
      instances: [{ id: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+$/), healthy: false }],
    });
  });
});
