import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_LIMIT,
  ChatMessageReceivedSchema,
  HandQueueSchema,
  REALTIME_ERROR_CODES,
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  RoomMessagesPageSchema,
  RoomPresenceResponseSchema,
  type Ack,
  type ClientToServerEvents,
} from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import {
  connect,
  connected,
  newUser,
  next,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
} from '../../test/live.js';

/**
 * The live room's socket contract end to end: real app, real database (PGlite, or PostgreSQL
 * with DATABASE_URL), real socket.io-client connections (and the Redis adapter with REDIS_URL).
 */

let t: TestApp;
const open: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ appOptions: { chatRate: { burst: 5, perSecond: 1 } } });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

async function client(token: string): Promise<LiveClient> {
  const s = await connected(t.baseUrl, token);
  open.push(s);
  return s;
}

const ack = <T extends object>(value: unknown) => value as Ack<T>;

describe('connecting', () => {
  it('refuses a connection without a token, or with a bad one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const s = connect(t.baseUrl, token);
      const err = await new Promise<Error & { data?: { code?: string } }>((resolve) =>
        s.once('connect_error', resolve),
      );
      expect(err.data?.code).toBe('UNAUTHORIZED');
      expect(s.connected).toBe(false);
      s.disconnect();
    }
  });
});

describe('joining a call', () => {
  it('refuses a non-member and a malformed room id, and the socket stays usable', async () => {
    const { room } = await roomWithMembers(t, 0);
    const stranger = await newUser(t);
    const s = await client(stranger.token);
    const refused = await s.emitWithAck('join-room', { roomId: room.id, name: 'Eve' });
    expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const bad = await s.emitWithAck('join-room', { roomId: 'nope', name: 'Eve' });
    expect(bad).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(s.connected).toBe(true);
  });

  it('sends users-in-room to the joiner and user-joined to the others; two tabs side by side', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const joinedA = await a.emitWithAck('join-room', { roomId: room.id, name: 'ignored' });
    expect(joinedA).toMatchObject({ ok: true, self: a.id, users: [], limit: CALL_LIMIT });

    const b = await client(members[0]!.token);
    const seenByA = next(a, 'user-joined');
    const usersForB = next(b, 'users-in-room');
    await b.emitWithAck('join-room', { roomId: room.id, name: 'ignored' });
    expect(await usersForB).toEqual([{ id: a.id, userId: owner.user.id, name: owner.user.name }]);
    // The server's name for the user, never the one in the payload.
    expect(await seenByA).toEqual({
      id: b.id,
      userId: members[0]!.user.id,
      name: members[0]!.user.name,
    });

    // A second tab of the owner is a participant of its own.
    const a2 = await client(owner.token);
    const res = ack<{ users: { id: string }[] }>(
      await a2.emitWithAck('join-room', { roomId: room.id, name: 'x' }),
    );
    expect(res.ok && res.users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());

    const presence = await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/presence`, {
      token: members[0]!.token,
    });
    expect(RoomPresenceResponseSchema.parse(presence.body).presence.count).toBe(3);
  });

  it(`tells the ${CALL_LIMIT + 1}th participant the call is full, who can still chat`, async () => {
    const { room, owner, members } = await roomWithMembers(t, CALL_LIMIT);
    const everyone = [owner, ...members];
    const sockets = await Promise.all(everyone.map((u) => client(u.token)));
    for (const s of sockets.slice(0, CALL_LIMIT)) {
      expect(await s.emitWithAck('join-room', { roomId: room.id, name: 'n' })).toMatchObject({
        ok: true,
      });
    }
    const ninth = sockets[CALL_LIMIT]!;
    expect(await ninth.emitWithAck('join-room', { roomId: room.id, name: 'n' })).toEqual({
      ok: false,
      code: REALTIME_ERROR_CODES.callFull,
      message: REALTIME_MESSAGES.callFull,
    });
    // Without an ack callback the refusal arrives as a server-error event.
    const err = next(ninth, 'server-error');
    ninth.emit('join-room', { roomId: room.id, name: 'n' }, undefined as never);
    expect(await err).toMatchObject({ code: REALTIME_ERROR_CODES.callFull, event: 'join-room' });

    const got = next(sockets[0]!, 'chat-message');
    const sent = await ninth.emitWithAck('chat-message', {
      roomId: room.id,
      text: 'room for one more?',
    });
    expect(sent.ok).toBe(true);
    expect((await got).text).toBe('room for one more?');
  });

  it(`lets only ${CALL_LIMIT} of ${CALL_LIMIT + 2} people joining at the same moment into the call`, async () => {
    const { room, owner, members } = await roomWithMembers(t, CALL_LIMIT + 1);
    const sockets = await Promise.all([owner, ...members].map((u) => client(u.token)));
    const results = await Promise.all(
      sockets.map((s) => s.emitWithAck('join-room', { roomId: room.id, name: 'n' })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(CALL_LIMIT);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, code: REALTIME_ERROR_CODES.callFull, message: REALTIME_MESSAGES.callFull },
      { ok: false, code: REALTIME_ERROR_CODES.callFull, message: REALTIME_MESSAGES.callFull },
    ]);
    const presence = await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/presence`, {
      token: owner.token,
    });
    expect(RoomPresenceResponseSchema.parse(presence.body).presence.count).toBe(CALL_LIMIT);
  });
});

describe('call presence', () => {
  it('tells chat subscribers who is in the call, and answers presence for the rooms a user is in', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const other = await roomWithMembers(t, 0);
    const watcher = await client(members[0]!.token);
    const joinedChat = ack<{ presence: { count: number } }>(
      await watcher.emitWithAck('join-chat', { roomId: room.id }),
    );
    expect(joinedChat.ok && joinedChat.presence.count).toBe(0);

    const update = next(watcher, 'call-presence');
    const a = await client(owner.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    expect(await update).toEqual({
      roomId: room.id,
      count: 1,
      participants: [{ userId: owner.user.id, name: owner.user.name }],
    });

    const ids = [room.id, other.room.id].join(',');
    const res = await http(t.baseUrl, 'GET', `/api/rooms/presence?ids=${ids}`, {
      token: members[0]!.token,
    });
    expect(res.status).toBe(200);
    // The other room is not this user's: it is left out.
    expect(res.body).toEqual({
      presence: [
        {
          roomId: room.id,
          count: 1,
          participants: [{ userId: owner.user.id, name: owner.user.name }],
        },
      ],
    });
    const stranger = await http(t.baseUrl, 'GET', `/api/rooms/${other.room.id}/presence`, {
      token: members[0]!.token,
    });
    expect(stranger.status).toBe(403);
  });
});

describe('relaying signalling', () => {
  it('delivers offer, answer and ice-candidate only to the addressed peer, with from stamped', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const [a, b, c] = [
      await client(owner.token),
      await client(members[0]!.token),
      await client(members[1]!.token),
    ];
    for (const s of [a, b, c]) await s.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const heardByC = [record(c, 'offer'), record(c, 'answer'), record(c, 'ice-candidate')];

    const offer = next(b, 'offer');
    const forged = {
      to: b.id!,
      sdp: { type: 'offer' as const, sdp: 'v=0\r\n' },
      name: 'Mallory',
      from: c.id,
    };
    expect(await a.emitWithAck('offer', forged)).toEqual({ ok: true });
    expect(await offer).toEqual({ from: a.id, sdp: forged.sdp, name: owner.user.name });

    const answer = next(a, 'answer');
    await b.emitWithAck('answer', { to: a.id!, sdp: { type: 'answer', sdp: 'v=0\r\n' } });
    expect(await answer).toEqual({ from: b.id, sdp: { type: 'answer', sdp: 'v=0\r\n' } });

    const candidate = {
      candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    const ice = next(b, 'ice-candidate');
    await a.emitWithAck('ice-candidate', { to: b.id!, candidate });
    expect(await ice).toEqual({ from: a.id, candidate });

    await settle([a, b, c]);
    expect(heardByC.map((list) => list.length)).toEqual([0, 0, 0]);
  });

  it('refuses a relay to a socket outside the call, and from a socket outside it', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const other = await roomWithMembers(t, 0);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    const outsider = await client(other.owner.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await outsider.emitWithAck('join-room', { roomId: other.room.id, name: 'n' });
    const heard = record(outsider, 'offer');
    const sdp = { type: 'offer' as const, sdp: 'v=0' };
    expect(await a.emitWithAck('offer', { to: outsider.id!, sdp })).toMatchObject({
      ok: false,
      code: REALTIME_ERROR_CODES.peerNotFound,
    });
    // b is a member but has not joined the call.
    expect(await b.emitWithAck('offer', { to: a.id!, sdp })).toMatchObject({
      ok: false,
      code: REALTIME_ERROR_CODES.notInRoom,
    });
    await settle([outsider]);
    expect(heard).toEqual([]);
  });

  it('never relays to a call, a chat or a user channel, only to one socket in the call now', async () => {
    // a and b share a call; b is also a member of another room, whose chat c is in.
    const { room, owner, members } = await roomWithMembers(t, 1);
    const other = await roomWithMembers(t, 0);
    await http(t.baseUrl, 'POST', '/api/rooms/join', {
      token: members[0]!.token,
      body: { code: other.room.code },
    });
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    const c = await client(other.owner.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b.emitWithAck('join-chat', { roomId: other.room.id });
    await c.emitWithAck('join-chat', { roomId: other.room.id });
    const heard = [a, b, c].map((s) => [record(s, 'offer'), record(s, 'ice-candidate')]);

    const sdp = { type: 'offer' as const, sdp: 'v=0' };
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' };
    for (const to of [
      `call:${room.id}`,
      `chat:${other.room.id}`,
      `chat:${room.id}`,
      `user:${other.owner.user.id}`,
    ]) {
      expect(await a.emitWithAck('offer', { to, sdp })).toMatchObject({
        ok: false,
        code: REALTIME_ERROR_CODES.validation,
        message: 'to must be a participant id',
      });
      expect(await a.emitWithAck('ice-candidate', { to, candidate })).toMatchObject({
        ok: false,
        code: REALTIME_ERROR_CODES.validation,
      });
    }
    // A peer that left the call is refused at once, though still connected.
    await b.emitWithAck('leave-room', { roomId: room.id });
    expect(await a.emitWithAck('offer', { to: b.id!, sdp })).toMatchObject({
      ok: false,
      code: REALTIME_ERROR_CODES.peerNotFound,
    });
    await settle([a, b, c]);
    expect(heard.flat().map((list) => list.length)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('reads a room id sent in capitals as the room: join, peer-state, chat and leave', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const upper = room.id.toUpperCase();
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const joined = next(b, 'user-joined');
    expect(await a.emitWithAck('join-room', { roomId: upper, name: 'n' })).toMatchObject({
      ok: true,
      users: [{ id: b.id }],
    });
    expect(await joined).toMatchObject({ id: a.id });

    const state = next(b, 'peer-state');
    await a.emitWithAck('peer-state', { roomId: upper, muted: true, videoOff: false, hand: false });
    expect(await state).toEqual({ id: a.id, muted: true, videoOff: false, hand: false });

    const got = next(b, 'chat-message');
    const sent = ack<{ message: { roomId: string } }>(
      await a.emitWithAck('chat-message', { roomId: upper, text: 'hi', id: 'caps-1' }),
    );
    expect(sent.ok && sent.message.roomId).toBe(room.id);
    expect(await got).toMatchObject({ roomId: room.id, text: 'hi' });

    const left = next(b, 'user-left');
    await a.emitWithAck('leave-room', { roomId: upper });
    expect(await left).toMatchObject({ id: a.id, reason: 'left' });
  });

  it('sends peer-state to the others in the call and includes it in users-in-room', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const state = next(b, 'peer-state');
    const mine = record(a, 'peer-state');
    await a.emitWithAck('peer-state', {
      roomId: room.id,
      muted: true,
      videoOff: false,
      hand: true,
    });
    expect(await state).toEqual({ id: a.id, muted: true, videoOff: false, hand: true });

    const late = await client(owner.token);
    const res = ack<{ users: { id: string; state?: unknown }[] }>(
      await late.emitWithAck('join-room', { roomId: room.id, name: 'n' }),
    );
    expect(res.ok && res.users.find((u) => u.id === a.id)?.state).toEqual({
      muted: true,
      videoOff: false,
      hand: true,
    });
    await settle([a]);
    expect(mine).toEqual([]);
  });

  it('keeps one hand queue for the call, in the order hands went up, the same for everyone', async () => {
    const { room, owner, members } = await roomWithMembers(t, 4);
    const [a, b, c] = await Promise.all(
      [owner, members[0]!, members[1]!].map((u) => client(u.token)),
    );
    for (const s of [a!, b!, c!]) await s.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const heard = [a!, b!, c!].map((s) => record(s, 'hand-queue-state'));
    // A member on the room page, not in the call, hears nothing of it.
    const onlooker = await client(members[3]!.token);
    await onlooker.emitWithAck('join-chat', { roomId: room.id });
    const onlookerHeard = record(onlooker, 'hand-queue-state');
    const hand = (s: LiveClient, up: boolean) =>
      s.emitWithAck('peer-state', { roomId: room.id, muted: false, videoOff: false, hand: up });
    const latest = () => heard.map((h) => HandQueueSchema.parse(h.at(-1)).hands.map((x) => x.id));

    // B, then C, then A raise: everyone holds the same queue, first raised first.
    for (const s of [b!, c!, a!]) expect(await hand(s, true)).toEqual({ ok: true });
    await settle([a!, b!, c!]);
    expect(latest()).toEqual([
      [b!.id, c!.id, a!.id],
      [b!.id, c!.id, a!.id],
      [b!.id, c!.id, a!.id],
    ]);
    const queue = HandQueueSchema.parse(heard[0]!.at(-1));
    expect(queue.roomId).toBe(room.id);
    expect(queue.hands[0]).toMatchObject({
      userId: members[0]!.user.id,
      name: members[0]!.user.name,
    });
    expect(queue.hands[0]!.at).toBeLessThan(queue.hands[1]!.at);

    // Announcing the same raised hand again (as everyone does to a newcomer) keeps its place.
    await hand(b!, true);
    // C lowers: only C goes, the others keep their order.
    await hand(c!, false);
    await settle([a!, b!, c!]);
    expect(latest()).toEqual([
      [b!.id, a!.id],
      [b!.id, a!.id],
      [b!.id, a!.id],
    ]);

    // A newcomer gets the current queue as it joins.
    const d = await client(members[2]!.token);
    const first = next(d, 'hand-queue-state');
    await d.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    expect(HandQueueSchema.parse(await first).hands.map((x) => x.id)).toEqual([b!.id, a!.id]);

    // C raising again goes to the back; B leaving takes B out, for everyone.
    await hand(c!, true);
    const afterLeave = next(d, 'hand-queue-state');
    await b!.emitWithAck('leave-room', { roomId: room.id });
    expect(HandQueueSchema.parse(await afterLeave).hands.map((x) => x.id)).toEqual([a!.id, c!.id]);
    await settle([a!, c!, onlooker]);
    expect(latest().slice(0, 1)).toEqual([[a!.id, c!.id]]);
    expect(onlookerHeard).toEqual([]);

    // A dropped link takes its hand out too.
    const afterDrop = next(d, 'hand-queue-state');
    a!.disconnect();
    expect(HandQueueSchema.parse(await afterDrop).hands.map((x) => x.id)).toEqual([c!.id]);
  });

  it('announces user-left on leave-room and on disconnect', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    const c = await client(members[1]!.token);
    for (const s of [a, b, c]) await s.emitWithAck('join-room', { roomId: room.id, name: 'n' });

    const left1 = next(a, 'user-left');
    await b.emitWithAck('leave-room', { roomId: room.id });
    expect(await left1).toEqual({
      id: b.id,
      name: members[0]!.user.name,
      userId: members[0]!.user.id,
      reason: 'left',
    });

    // A dropped link is no departure: the client keeps the tile a while for the new socket.
    const left2 = next(a, 'user-left');
    const cId = c.id;
    c.disconnect();
    expect(await left2).toEqual({
      id: cId,
      name: members[1]!.user.name,
      userId: members[1]!.user.id,
      reason: 'disconnected',
    });
  });

  it('tells a call its people dropped, never that they left, when the server shuts down', async () => {
    const node = await startTestApp({ database: t.database });
    const { room, owner, members } = await roomWithMembers(node, 3);
    const sockets = await Promise.all(
      [owner, ...members].map((u) => connected(node.baseUrl, u.token)),
    );
    for (const s of sockets) await s.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const heard = sockets.map((s) => record(s, 'user-left'));
    const gone = sockets.map((s) => new Promise((resolve) => s.once('disconnect', resolve)));
    await node.close();
    await Promise.all(gone);
    // The first sockets to go are heard by the ones still open.
    const all = heard.flat();
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((p) => p.reason)).toEqual(all.map(() => 'disconnected'));
  });
});

describe('dropping sockets when access ends', () => {
  it('disconnects every socket of a user who signs out, and the call hears user-left', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const b1 = await client(members[0]!.token);
    const b2 = await client(members[0]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b1.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const b1Id = b1.id;
    const gone = [next(b1, 'disconnect' as never), next(b2, 'disconnect' as never)];
    const left = next(a, 'user-left');
    expect(
      (await http(t.baseUrl, 'POST', '/api/auth/logout', { token: members[0]!.token })).status,
    ).toBe(200);
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    // A session that ended is a departure, not a dropped link.
    expect(await left).toMatchObject({ id: b1Id, reason: 'left' });
    // The old token is refused on reconnect.
    await expect(connected(t.baseUrl, members[0]!.token)).rejects.toThrow();
  });

  it('removes a member removed from the room from its call and chat at once', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const left = next(a, 'user-left');
    const removed = next(b, 'removed-from-room');
    const res = await http(
      t.baseUrl,
      'DELETE',
      `/api/rooms/${room.id}/members/${members[0]!.user.id}`,
      {
        token: owner.token,
      },
    );
    expect(res.status).toBe(200);
    expect((await left).id).toBe(b.id);
    expect(await removed).toEqual({ roomId: room.id, message: REALTIME_MESSAGES.removedFromRoom });

    const chatSeen = record(b, 'chat-message');
    await a.emitWithAck('chat-message', { roomId: room.id, text: 'after removal' });
    const sdp = { type: 'offer' as const, sdp: 'v=0' };
    expect(await b.emitWithAck('offer', { to: a.id!, sdp })).toMatchObject({ ok: false });
    expect(await b.emitWithAck('chat-message', { roomId: room.id, text: 'hi' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(await b.emitWithAck('join-room', { roomId: room.id, name: 'n' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    await settle([b]);
    expect(chatSeen).toEqual([]);
    expect(b.connected).toBe(true);
  });

  it('takes every socket of a member who leaves out of the call and chat, other tabs too', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const inCall = await client(members[0]!.token);
    const chatOnly = await client(members[0]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await inCall.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await chatOnly.emitWithAck('join-chat', { roomId: room.id });
    const left = next(a, 'user-left');
    const removed = [next(inCall, 'removed-from-room'), next(chatOnly, 'removed-from-room')];
    const res = await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, {
      token: members[0]!.token,
    });
    expect(res.status).toBe(200);
    expect((await left).id).toBe(inCall.id);
    const told = { roomId: room.id, message: REALTIME_MESSAGES.removedFromRoom };
    expect(await Promise.all(removed)).toEqual([told, told]);

    const chatSeen = [inCall, chatOnly].map((s) => record(s, 'chat-message'));
    await a.emitWithAck('chat-message', { roomId: room.id, text: 'after leaving' });
    await settle([inCall, chatOnly]);
    expect(chatSeen).toEqual([[], []]);
  });

  it('tells everyone in a deleted room why, and takes their sockets out of it', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    const c = await client(members[1]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await c.emitWithAck('join-chat', { roomId: room.id });
    const closed = [a, b, c].map((s) => next(s, 'removed-from-room'));
    const res = await http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    const told = { roomId: room.id, message: REALTIME_MESSAGES.roomClosed };
    expect(await Promise.all(closed)).toEqual([told, told, told]);

    // Out of the call: a relay to a former peer is refused; the sockets stay connected.
    const sdp = { type: 'offer' as const, sdp: 'v=0' };
    expect(await a.emitWithAck('offer', { to: b.id!, sdp })).toMatchObject({ ok: false });
    expect([a, b, c].map((s) => s.connected)).toEqual([true, true, true]);
  });
});

describe('chat', () => {
  it('stores, broadcasts and acknowledges a message; a retry with the same id is stored once', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    await a.emitWithAck('join-chat', { roomId: room.id });
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });

    const got = next(a, 'chat-message');
    const payload = {
      roomId: room.id,
      text: '  hello  ',
      name: 'Forged',
      at: 1,
      self: true,
      id: 'm-1',
    };
    const res = ack<{ message: unknown }>(await b.emitWithAck('chat-message', payload));
    expect(res.ok).toBe(true);
    const stored = ChatMessageReceivedSchema.parse(res.ok && res.message);
    expect(stored).toMatchObject({
      roomId: room.id,
      userId: members[0]!.user.id,
      name: members[0]!.user.name,
      text: 'hello',
      clientId: 'm-1',
    });
    expect(await got).toEqual(stored);

    const retry = ack<{ message: { id: string } }>(await b.emitWithAck('chat-message', payload));
    expect(retry.ok && retry.message.id).toBe(stored.id);

    const page = await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/messages`, {
      token: owner.token,
    });
    const { messages } = RoomMessagesPageSchema.parse(page.body);
    expect(messages.filter((m) => m.clientId === 'm-1')).toHaveLength(1);
  });

  it('stores the messages of one socket in the order they were sent, acks or no acks', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await client(owner.token);
    // Sent back to back (within the burst of 5), as a client that does not wait for acks would.
    const acks = await Promise.all(
      ['first', 'second', 'third', 'fourth', 'fifth'].map((text, i) =>
        a.emitWithAck('chat-message', { roomId: room.id, text, id: `o-${i}` }),
      ),
    );
    const ids = acks.map((r) => {
      const res = ack<{ message: { id: string } }>(r);
      return res.ok ? Number(res.message.id) : NaN;
    });
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const page = await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/messages`, {
      token: owner.token,
    });
    expect(RoomMessagesPageSchema.parse(page.body).messages.map((m) => m.text)).toEqual([
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
    ]);
  });

  it('pages the history back with before and catches up with after', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await client(owner.token);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = ack<{ message: { id: string } }>(
        await a.emitWithAck('chat-message', { roomId: room.id, text: `m${i}`, id: `c${i}` }),
      );
      if (r.ok) ids.push(r.message.id);
    }
    const get = async (query: string) =>
      RoomMessagesPageSchema.parse(
        (
          await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/messages${query}`, {
            token: owner.token,
          })
        ).body,
      );
    const latest = await get('?limit=2');
    expect(latest.messages.map((m) => m.text)).toEqual(['m3', 'm4']);
    expect(latest.hasMore).toBe(true);
    const older = await get(`?limit=2&before=${latest.messages[0]!.id}`);
    expect(older.messages.map((m) => m.text)).toEqual(['m1', 'm2']);
    const oldest = await get(`?limit=2&before=${older.messages[0]!.id}`);
    expect(oldest).toMatchObject({ hasMore: false });
    expect(oldest.messages.map((m) => m.text)).toEqual(['m0']);
    const newer = await get(`?limit=3&after=${ids[0]}`);
    expect(newer.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
    expect(newer.hasMore).toBe(true);
    expect((await get(`?after=${ids[4]}`)).messages).toEqual([]);
    const bad = await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/messages?after=x`, {
      token: owner.token,
    });
    expect(bad.status).toBe(400);
  });

  it('answers malformed and oversized payloads with an error, and keeps the connection', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await client(owner.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const cases: [keyof ClientToServerEvents, unknown, string][] = [
      ['chat-message', { roomId: room.id, text: '   ' }, REALTIME_MESSAGES.chatTextRequired],
      [
        'chat-message',
        { roomId: room.id, text: 'x'.repeat(REALTIME_LIMITS.chatTextMax + 1) },
        REALTIME_MESSAGES.chatTextTooLong,
      ],
      ['chat-message', 'just a string', 'The request body must be a JSON object.'],
      ['offer', { to: 'x', sdp: 'x'.repeat(REALTIME_LIMITS.sdpMax + 1) }, 'sdp is too large'],
      [
        'ice-candidate',
        { to: 'x', candidate: { candidate: 'x'.repeat(5000) } },
        'candidate is too large',
      ],
      ['peer-state', { roomId: room.id, muted: 'yes' }, ''],
      ['join-room', null, 'The request body must be a JSON object.'],
    ];
    for (const [event, payload, message] of cases) {
      const res = (await a
        .timeout(5000)
        .emitWithAck(event as 'chat-message', payload as never)) as Ack;
      expect(res).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
      if (message && !res.ok) expect(res.message).toBe(message);
    }
    const err = next(a, 'server-error');
    a.emit('chat-message', { roomId: room.id, text: '' } as never, undefined as never);
    expect(await err).toMatchObject({ code: 'VALIDATION_FAILED', event: 'chat-message' });
    expect(a.connected).toBe(true);
  });

  it('rate-limits chat per socket with a clear error', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await client(owner.token);
    const results: Ack[] = [];
    for (let i = 0; i < 8; i++) {
      results.push(
        (await a.emitWithAck('chat-message', { roomId: room.id, text: `r${i}` })) as Ack,
      );
    }
    const refused = results.filter((r) => !r.ok);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      message: REALTIME_MESSAGES.chatRateLimited,
    });
    // Another socket has its own allowance.
    const other = await client(owner.token);
    expect((await other.emitWithAck('chat-message', { roomId: room.id, text: 'ok' })).ok).toBe(
      true,
    );
  });
});
