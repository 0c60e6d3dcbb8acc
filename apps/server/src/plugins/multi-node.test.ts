import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { http, registerUser, startTestApp, type TestApp } from '../test/app.js';

/**
 * Two server nodes sharing one database and one Redis, as in a scaled-out deployment: a socket on
 * one node is visible from the other, and signing out on one node disconnects the user's sockets
 * on the other. vitest.config.ts includes this file only when REDIS_URL is set.
 */
describe('several nodes through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const env = { JWT_SECRET: 'multi-node-test-secret-0123456789abcdef' };

  beforeAll(async () => {
    a = await startTestApp({ env });
    b = await startTestApp({ env, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a token from one node works on the other, and sign-out on one ends sockets on the other', async () => {
    const { token, user } = await registerUser(a.baseUrl);
    expect((await http(b.baseUrl, 'GET', '/api/auth/profile', { token })).status).toBe(200);

    const socket: Socket = await new Promise((resolve, reject) => {
      const s = connectSocket(a.baseUrl, {
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });

    const seenFromB = await b.app.io.in(`user:${user.id}`).fetchSockets();
    expect(seenFromB.map((s) => s.id)).toEqual([socket.id]);

    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await http(b.baseUrl, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect((await http(a.baseUrl, 'GET', '/api/auth/profile', { token })).status).toBe(401);
  });
});
