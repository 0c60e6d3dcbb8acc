import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAX_SOCKETS_PER_USER,
  REALTIME_ERROR_CODES,
  REALTIME_EVENT_LIMITS,
  REALTIME_MESSAGES,
  type Ack,
} from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../test/app.js';
import {
  connect,
  connected,
  newUser,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
} from '../test/live.js';

/**
 * Socket floods (docs/decisions/0016-socket-limits.md), at the limits a real deployment runs with
 * (RATE_LIMIT_FACTOR 1): every client event is limited per socket and per account, an account
 * holds a bounded number of sockets, and joining and leaving a call cannot make the server tell
 * the call about it without end. Real app, real database, real socket.io-client connections
 * (and Redis-backed per-account counters with REDIS_URL).
 */

let t: TestApp;
const open: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
  vi.restoreAllMocks();
});

async function client(token: string): Promise<LiveClient> {
  const s = await connected(t.baseUrl, token);
  open.push(s);
  return s;
}

/** Sends `count` events at once, without waiting between them, and collects every answer. */
function burst(count: number, send: (done: (ack: Ack) => void) => void): Promise<Ack[]> {
  return Promise.all(
    Array.from({ length: count }, () => new Promise<Ack>((resolve) => send(resolve))),
  );
}

const refusedWith = (acks: Ack[], message: string) =>
  acks.filter((a) => !a.ok && a.code === REALTIME_ERROR_CODES.rateLimited && a.message === message)
    .length;

describe('rate limits per socket', () => {
  it('relays a burst of peer-state only up to the limit, and refuses the rest with a clear error', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const heard = record(b, 'peer-state');
    const acks = await burst(2000, (done) =>
      a.emit(
        'peer-state',
        { roomId: room.id, muted: true, videoOff: false, hand: false },
        done as never,
      ),
    );
    await settle([b]);
    const limit = REALTIME_EVENT_LIMITS['peer-state'].perSocket;
    // The burst, plus what refilled while 2,000 events went by (well under a second here).
    expect(heard.length).toBeGreaterThanOrEqual(limit.burst);
    expect(heard.length).toBeLessThan(limit.burst + limit.perSecond * 5);
    expect(acks.filter((x) => x.ok)).toHaveLength(heard.length);
    expect(refusedWith(acks, REALTIME_MESSAGES.eventRateLimited)).toBe(2000 - heard.length);
    expect(a.connected).toBe(true);
  });

  it('answers a flood of join-chat with a bounded number of database lookups', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await client(owner.token);
    const lookups = vi.spyOn(t.app.services.rooms, 'requireMember');
    const acks = await burst(500, (done) =>
      a.emit('join-chat', { roomId: room.id }, done as never),
    );
    // Only the joins the limit lets through can look membership up (those already subscribed
    // need not); the burst arrives before the first lookup returns, so each of those looks.
    const allowed = REALTIME_EVENT_LIMITS['join-chat'].perSocket.burst;
    expect(lookups.mock.calls.length).toBeGreaterThan(0);
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(allowed + 5);
    expect(acks.filter((x) => x.ok).length).toBeLessThanOrEqual(allowed + 5);
    expect(refusedWith(acks, REALTIME_MESSAGES.eventRateLimited)).toBeGreaterThan(400);
  });

  it('lets a call start through: an offer and hundreds of ICE candidates to one peer', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    await b.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const offer = await a.emitWithAck('offer', { to: b.id!, sdp: { type: 'offer', sdp: 'v=0' } });
    expect(offer).toEqual({ ok: true });
    // Thirty candidates for each of seven peers, as a browser gathers them at a call start (sent
    // to one peer here, which the per-event limit does not tell apart): all through.
    const acks = await burst(7 * 30, (done) =>
      a.emit(
        'ice-candidate',
        { to: b.id!, candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host' } },
        done as never,
      ),
    );
    expect(acks.filter((x) => !x.ok)).toEqual([]);
  });
});

describe('joining and leaving a call over and over', () => {
  it('tells the call about a bounded number of joins', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await client(owner.token);
    const b = await client(members[0]!.token);
    await a.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const joined = record(a, 'user-joined');
    const refusals: Ack[] = [];
    for (let i = 0; i < 100; i++) {
      const join = (await b.emitWithAck('join-room', { roomId: room.id, name: 'n' })) as Ack;
      const leave = (await b.emitWithAck('leave-room', { roomId: room.id })) as Ack;
      for (const r of [join, leave]) if (!r.ok) refusals.push(r);
    }
    await settle([a]);
    const limit = REALTIME_EVENT_LIMITS['join-room'].perSocket;
    expect(joined.length).toBeGreaterThan(0);
    expect(joined.length).toBeLessThanOrEqual(limit.burst + limit.perSecond * 10);
    expect(refusals[0]).toEqual({
      ok: false,
      code: REALTIME_ERROR_CODES.rateLimited,
      message: REALTIME_MESSAGES.callRateLimited,
    });
  });
});

describe('limits per account', () => {
  it('refuses connections past the cap on open sockets with a clear error', async () => {
    const user = await newUser(t);
    const attempts = Array.from({ length: MAX_SOCKETS_PER_USER + 10 }, () =>
      connect(t.baseUrl, user.token),
    );
    open.push(...attempts);
    const outcomes = await Promise.all(
      attempts.map(
        (s) =>
          new Promise<string>((resolve) => {
            s.once('connect', () => resolve('connected'));
            s.once('connect_error', (err: Error & { data?: { code?: string } }) =>
              resolve(`${err.data?.code}: ${err.message}`),
            );
          }),
      ),
    );
    expect(outcomes.filter((o) => o === 'connected')).toHaveLength(MAX_SOCKETS_PER_USER);
    expect(outcomes.filter((o) => o !== 'connected')).toEqual(
      Array(10).fill(
        `${REALTIME_ERROR_CODES.tooManyConnections}: ${REALTIME_MESSAGES.tooManyConnections}`,
      ),
    );
    // Closing a tab frees its place.
    attempts.find((s) => s.connected)!.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await client(user.token)).connected).toBe(true);
    // Another account is not affected.
    expect((await client((await newUser(t)).token)).connected).toBe(true);
  });

  it("counts chat messages per account, so many sockets share one account's allowance", async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const sockets = await Promise.all(Array.from({ length: 10 }, () => client(owner.token)));
    // Ten messages from each of ten sockets: each socket is within its own limit.
    const acks = (
      await Promise.all(
        sockets.map((s, i) =>
          burst(10, (done) =>
            s.emit('chat-message', { roomId: room.id, text: `from ${i}` }, done as never),
          ),
        ),
      )
    ).flat();
    const allowed = REALTIME_EVENT_LIMITS['chat-message'].perUser.max;
    expect(acks.filter((x) => x.ok)).toHaveLength(allowed);
    expect(refusedWith(acks, REALTIME_MESSAGES.chatRateLimited)).toBe(100 - allowed);
    const history = await http<{ messages: unknown[] }>(
      t.baseUrl,
      'GET',
      `/api/rooms/${room.id}/messages`,
      { token: owner.token },
    );
    expect(history.body.messages).toHaveLength(allowed);
  });
});
