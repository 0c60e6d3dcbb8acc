import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { connected, newUser, type LiveClient } from '../../test/live.js';

/** `clock-sync` over a real Socket.IO link: the server's time, and a refusal for a bad payload. */

let t: TestApp;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('clock-sync', () => {
  it("answers with the server's time, between the moments the sample was sent and answered", async () => {
    const { token } = await newUser(t);
    const socket = await connected(t.baseUrl, token);
    sockets.push(socket);
    const sent = Date.now();
    const answer = await socket.emitWithAck('clock-sync', {});
    const received = Date.now();
    expect(answer).toMatchObject({ ok: true });
    const serverTime = (answer as { serverTime: number }).serverTime;
    // Same machine, same clock: the stamp lies inside the round trip.
    expect(serverTime).toBeGreaterThanOrEqual(sent);
    expect(serverTime).toBeLessThanOrEqual(received);
  });

  it('refuses a payload with anything in it, with a validation code', async () => {
    const { token } = await newUser(t);
    const socket = await connected(t.baseUrl, token);
    sockets.push(socket);
    const answer = await socket.emitWithAck('clock-sync', { roomId: 'x' } as never);
    expect(answer).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
  });
});
