import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { connected, newUser, roomWithMembers, type LiveClient } from '../test/live.js';
import type { IoSocket } from '../types.js';
import { eventHandlers } from './socket-handlers.js';
import { createEventLimits } from './socket-limits.js';

/**
 * What an idle socket keeps on the server (docs/decisions/0020-what-an-idle-socket-keeps.md):
 * not its HTTP upgrade request, not its token, one listener shared by every socket and nothing
 * per event; a call adds its own listeners only while the socket is in it. The server runs in
 * this process, so its sockets and its heap are this process's.
 */

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let t: TestApp;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t?.close();
});

async function client(token: string): Promise<LiveClient> {
  const c = await connected(t.baseUrl, token);
  clients.push(c);
  return c;
}

/** The server's side of a connected client. */
const serverSocket = (c: LiveClient): IoSocket => t.app.io.sockets.sockets.get(c.id!)!;

describe('an idle socket', () => {
  it('lets go of its HTTP upgrade request once connected', async () => {
    const requests: WeakRef<IncomingMessage>[] = [];
    const note = (req: IncomingMessage) => requests.push(new WeakRef(req));
    t.app.server.on('upgrade', note);
    const { token } = await newUser(t);
    const c = await client(token);
    t.app.server.off('upgrade', note);
    expect(requests).toHaveLength(1);
    // A WeakRef holds its target until the current job ends: collect on a later turn.
    await new Promise((resolve) => setTimeout(resolve, 10));
    gc();
    expect(requests[0]!.deref()).toBeUndefined();
    // Still a working connection.
    expect(await c.emitWithAck('clock-sync', {})).toMatchObject({ ok: true });
  });

  it('keeps no token in its handshake', async () => {
    const { token } = await newUser(t);
    const c = await client(token);
    expect(serverSocket(c).handshake.auth).not.toHaveProperty('token');
  });

  it('holds one listener shared by every socket, and nothing per event', async () => {
    const [a, b] = await Promise.all([newUser(t), newUser(t)]);
    const sa = serverSocket(await client(a.token));
    const sb = serverSocket(await client(b.token));
    expect(sa.listenersAny()).toHaveLength(1);
    expect(sa.listenersAny()[0]).toBe(sb.listenersAny()[0]);
    // Socket.IO's own `error` guard is the only event listener.
    expect(sa.eventNames()).toEqual(['error']);
    expect(sa.listenersAnyOutgoing()).toHaveLength(0);
  });

  it('listens for its call only while it is in one', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const c = await client(owner.token);
    const s = serverSocket(c);
    expect(await c.emitWithAck('join-room', { roomId: room.id, name: 'x' })).toMatchObject({
      ok: true,
    });
    expect(s.eventNames()).toContain('disconnecting');
    expect(s.listenersAnyOutgoing()).toHaveLength(1);
    // Joining again changes nothing.
    await c.emitWithAck('join-room', { roomId: room.id, name: 'x' });
    expect(s.listeners('disconnecting')).toHaveLength(1);
    expect(s.listenersAnyOutgoing()).toHaveLength(1);
    expect(await c.emitWithAck('leave-room', { roomId: room.id })).toMatchObject({ ok: true });
    expect(s.eventNames()).toEqual(['error']);
    expect(s.listenersAnyOutgoing()).toHaveLength(0);
  });
});

describe('handlers registered per connection', () => {
  it('are still answered, ahead of the shared ones, with the same limits and errors', async () => {
    const { log } = t.app;
    const limits = createEventLimits({ rateLimiter: t.app.deps.rateLimiter, factor: 1 });
    let calls = 0;
    const perConnection = (socket: IoSocket) => {
      const handle = eventHandlers(socket, { log, limits });
      handle('clock-sync', async (payload) => {
        calls += 1;
        if (payload !== undefined && typeof payload !== 'object') throw new Error('boom');
        return { serverTime: 42 };
      });
    };
    t.app.io.on('connection', perConnection);
    try {
      const { token } = await newUser(t);
      const c = await client(token);
      expect(await c.emitWithAck('clock-sync', {})).toEqual({ ok: true, serverTime: 42 });
      // An unexpected failure is answered, never thrown.
      expect(await c.emitWithAck('clock-sync', 'x' as never)).toMatchObject({
        ok: false,
        code: 'INTERNAL',
      });
      expect(calls).toBe(2);
      expect(serverSocket(c).listenersAny()).toHaveLength(1);
    } finally {
      t.app.io.off('connection', perConnection);
    }
  });
});
