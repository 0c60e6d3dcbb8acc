import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_LIMIT,
  REALTIME_ERROR_CODES,
  REALTIME_EVENT_LIMITS,
  REALTIME_MESSAGES,
  type Ack,
} from '@studycircle/shared';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { http, registerUser, startTestApp, type TestApp } from '../test/app.js';
import { connected, next, record, roomWithMembers, settle } from '../test/live.js';

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
    // One deployment: both nodes count rate limits under the same Redis keys.
    const rateLimitPrefix = `sc:test:${randomBytes(6).toString('hex')}:`;
    a = await startTestApp({ env, appOptions: { rateLimitPrefix } });
    b = await startTestApp({ env, database: a.database, appOptions: { rateLimitPrefix } });
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

  it('carries a chat message, an offer and user-left from one node to the other', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    try {
      await onA.emitWithAck('join-room', { roomId: room.id, name: 'n' });
      const joined = next(onA, 'user-joined');
      const usersForB = await onB.emitWithAck('join-room', { roomId: room.id, name: 'n' });
      expect(usersForB).toMatchObject({ ok: true, users: [{ id: onA.id, userId: owner.user.id }] });
      expect((await joined).id).toBe(onB.id);

      const chat = next(onA, 'chat-message');
      const sent = await onB.emitWithAck('chat-message', {
        roomId: room.id,
        text: 'across',
        id: 'x-1',
      });
      expect(sent.ok).toBe(true);
      expect(await chat).toMatchObject({
        text: 'across',
        clientId: 'x-1',
        userId: members[0]!.user.id,
      });

      // The offer's target lives on the other node: the relay checks it is in the same call there.
      const offer = next(onB, 'offer');
      const sdp = { type: 'offer' as const, sdp: 'v=0' };
      expect(await onA.emitWithAck('offer', { to: onB.id!, sdp })).toEqual({ ok: true });
      expect(await offer).toEqual({ from: onA.id, sdp, name: owner.user.name });

      const left = next(onA, 'user-left');
      const bId = onB.id;
      onB.disconnect();
      expect(await left).toMatchObject({ id: bId, userId: members[0]!.user.id });
    } finally {
      onA.disconnect();
      onB.disconnect();
    }
  });

  it(`holds the call to ${CALL_LIMIT} when people join at once on both nodes`, async () => {
    const { room, owner, members } = await roomWithMembers(a, CALL_LIMIT + 1);
    const sockets = await Promise.all(
      [owner, ...members].map((u, i) => connected((i % 2 ? b : a).baseUrl, u.token)),
    );
    try {
      const results = await Promise.all(
        sockets.map((s) => s.emitWithAck('join-room', { roomId: room.id, name: 'n' })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(CALL_LIMIT);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual([
        REALTIME_ERROR_CODES.callFull,
        REALTIME_ERROR_CODES.callFull,
      ]);
      expect(await a.app.io.in(`call:${room.id}`).fetchSockets()).toHaveLength(CALL_LIMIT);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  // Sent without waiting for acks, as a browser trickles candidates: the relay checks the peer on
  // the other node (an awaited lookup) and must not let a later candidate overtake an earlier one.
  it('relays an offer and its candidates to another node in the order they were sent', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    try {
      await onA.emitWithAck('join-room', { roomId: room.id, name: 'n' });
      await onB.emitWithAck('join-room', { roomId: room.id, name: 'n' });
      const received: string[] = [];
      const all = new Promise<void>((resolve) => {
        onB.on('offer', () => received.push('offer'));
        onB.on('ice-candidate', ({ candidate }) => {
          received.push(candidate?.candidate ?? '');
          if (received.length === 41) resolve();
        });
      });
      const sent = ['offer'];
      onA.emit('offer', { to: onB.id!, sdp: { type: 'offer', sdp: 'v=0' } }, () => {});
      for (let i = 0; i < 40; i++) {
        const candidate = `candidate:${i} 1 udp 1 127.0.0.1 ${9000 + i} typ host`;
        sent.push(candidate);
        onA.emit('ice-candidate', { to: onB.id!, candidate: { candidate, sdpMid: '0' } }, () => {});
      }
      await all;
      expect(received).toEqual(sent);
    } finally {
      onA.disconnect();
      onB.disconnect();
    }
  });

  it('refuses a relay to a channel name or to a peer on the other node that just left the call', async () => {
    // onA and onB share a call; onB is also a member of another room, whose chat onC is in.
    const { room, owner, members } = await roomWithMembers(a, 1);
    const other = await roomWithMembers(a, 0);
    await http(a.baseUrl, 'POST', '/api/rooms/join', {
      token: members[0]!.token,
      body: { code: other.room.code },
    });
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    const onC = await connected(b.baseUrl, other.owner.token);
    try {
      await onA.emitWithAck('join-room', { roomId: room.id, name: 'n' });
      await onB.emitWithAck('join-room', { roomId: room.id, name: 'n' });
      await onB.emitWithAck('join-chat', { roomId: other.room.id });
      await onC.emitWithAck('join-chat', { roomId: other.room.id });
      const heardByB = record(onB, 'offer');
      const heardByC = record(onC, 'offer');
      const sdp = { type: 'offer' as const, sdp: 'v=0' };
      expect(await onA.emitWithAck('offer', { to: `chat:${other.room.id}`, sdp })).toMatchObject({
        ok: false,
        code: REALTIME_ERROR_CODES.validation,
      });
      expect(await onA.emitWithAck('offer', { to: onB.id!, sdp })).toEqual({ ok: true });

      // onB leaves the call but stays connected (and in the other room's chat): the very next
      // relay to it is refused, with no grace period.
      await onB.emitWithAck('leave-room', { roomId: room.id });
      expect(await onA.emitWithAck('offer', { to: onB.id!, sdp })).toMatchObject({
        ok: false,
        code: REALTIME_ERROR_CODES.peerNotFound,
      });
      await settle([onB, onC]);
      expect(heardByB).toHaveLength(1);
      expect(heardByC).toEqual([]);
    } finally {
      for (const s of [onA, onB, onC]) s.disconnect();
    }
  });

  it("counts an account's events on both nodes together", async () => {
    const { room, owner } = await roomWithMembers(a, 0);
    const sockets = [
      await connected(a.baseUrl, owner.token),
      await connected(a.baseUrl, owner.token),
      await connected(b.baseUrl, owner.token),
    ];
    try {
      // Twenty messages from each socket: within each socket's limit, and within the account's
      // on either node alone (40 on a, 20 on b), but not on both together.
      const acks = (
        await Promise.all(
          sockets.map((s, i) =>
            Promise.all(
              Array.from(
                { length: 20 },
                (_, j) =>
                  s.emitWithAck('chat-message', {
                    roomId: room.id,
                    text: `${i}-${j}`,
                  }) as Promise<Ack>,
              ),
            ),
          ),
        )
      ).flat();
      const allowed = REALTIME_EVENT_LIMITS['chat-message'].perUser.max;
      expect(acks.filter((r) => r.ok)).toHaveLength(allowed);
      expect(acks.filter((r) => !r.ok)[0]).toEqual({
        ok: false,
        code: REALTIME_ERROR_CODES.rateLimited,
        message: REALTIME_MESSAGES.chatRateLimited,
      });
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});
