import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { Redis } from 'ioredis';
import { freePort } from '@studycircle/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../modules/auth/auth.service.js';
import { RoomMessagesPageSchema, type ChatMessageReceived } from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../test/app.js';
import { connected, next, roomWithMembers, type LiveClient } from '../test/live.js';

/**
 * Redis going away under two nodes is not a crash (docs/decisions/0019-redis-outages.md). The
 * test runs its own redis-server on a free port, stops it with SIGKILL for ten seconds while
 * both nodes carry chat, call signalling and sign-ins, and starts it again: no unhandled
 * rejection (Node would end the process on one), nothing acknowledged lost, calls and shared
 * rate limits back. Then a shutdown while Redis commands are in flight. Runs where Redis is
 * installed (vitest.config.ts includes it, like multi-node.test.ts, only when REDIS_URL is set).
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const OUTAGE_MS = 10_000;

/** A throwaway redis-server, nothing saved to disk; resolves once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = createConnection(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) return child;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
}

function login(baseUrl: string, email: string, password: string) {
  return http(baseUrl, 'POST', '/api/auth/login', { body: { email, password } });
}

/** Every stored message of the room, page by page. */
async function history(baseUrl: string, token: string, roomId: string) {
  const out: ChatMessageReceived[] = [];
  let cursor = '0';
  for (;;) {
    const res = await http(baseUrl, 'GET', `/api/rooms/${roomId}/messages?after=${cursor}`, {
      token,
    });
    const page = RoomMessagesPageSchema.parse(res.body);
    out.push(...page.messages);
    if (page.messages.length > 0) cursor = page.messages.at(-1)!.id;
    if (!page.hasMore) return out;
  }
}

describe('Redis stopped for ten seconds under two nodes', () => {
  let port: number;
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    port = await freePort();
    redis = await startRedis(port);
    const env = {
      JWT_SECRET: 'redis-outage-test-secret-0123456789abcd',
      REDIS_URL: `redis://127.0.0.1:${port}`,
      // Two people chatting ten times a second is above a person's per-account allowance; the
      // subject here is the outage, not the limits (the per-account sign-in limits stay fixed).
      RATE_LIMIT_FACTOR: '100',
    };
    const appOptions = { chatRate: { burst: 1000, perSecond: 1000 } };
    a = await startTestApp({ env, appOptions });
    b = await startTestApp({ env, appOptions, database: a.database });
  });
  afterAll(async () => {
    await b?.close().catch(() => undefined);
    await a?.close().catch(() => undefined);
    if (redis) await stopRedis(redis);
    process.off('unhandledRejection', onUnhandled);
  });

  it('keeps both nodes up and every acknowledged message, and recovers calls and rate limits', async () => {
    const { room, owner, members } = await roomWithMembers(a, 2);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    const sockets: LiveClient[] = [onA, onB];
    try {
      expect((await onA.emitWithAck('join-room', { roomId: room.id, name: 'n' })).ok).toBe(true);
      expect((await onB.emitWithAck('join-room', { roomId: room.id, name: 'n' })).ok).toBe(true);

      // Chat from both nodes all along: before, during and after the outage.
      const acked: string[] = [];
      let failed = 0;
      let pumping = true;
      const pump = async (socket: LiveClient, tag: string) => {
        for (let i = 0; pumping; i++) {
          const res = await socket
            .timeout(5000)
            .emitWithAck('chat-message', {
              roomId: room.id,
              text: `${tag} ${i}`,
              id: `${tag}-${i}`,
            })
            .catch(() => undefined);
          if (res?.ok) acked.push(res.message.id);
          else failed += 1;
          await sleep(100);
        }
      };
      const pumps = [pump(onA, 'a'), pump(onB, 'b')];
      await expect.poll(() => acked.length).toBeGreaterThan(4);

      await stopRedis(redis);
      const outageEnds = Date.now() + OUTAGE_MS;

      // A cross-node relay and a new call join answer promptly, with an error where they need
      // Redis, never a hang or a crash.
      let started = Date.now();
      await onA
        .timeout(5000)
        .emitWithAck('offer', { to: onB.id!, sdp: { type: 'offer', sdp: 'v=0' } });
      expect(Date.now() - started).toBeLessThan(4000);
      const late = await connected(b.baseUrl, members[1]!.token);
      sockets.push(late);
      started = Date.now();
      const refused = await late
        .timeout(5000)
        .emitWithAck('join-room', { roomId: room.id, name: 'n' });
      expect(refused.ok).toBe(false);
      expect(Date.now() - started).toBeLessThan(4000);

      // Sign-in limits still hold, counted in each node's memory, and answer at once.
      const victim = await registerUser(a.baseUrl);
      const email = victim.user.email;
      for (let i = 0; i < ACCOUNT_LIMITS.loginFailuresPerEmailIp.max; i++) {
        started = Date.now();
        expect((await login(a.baseUrl, email, `wrong-${i}`)).status).toBe(401);
        expect(Date.now() - started).toBeLessThan(1500);
      }
      expect((await login(a.baseUrl, email, 'wrong-again')).status).toBe(429);

      await sleep(Math.max(0, outageEnds - Date.now()));
      redis = await startRedis(port);

      // The call recovers: once the nodes see each other again, relays cross and a join works.
      await expect
        .poll(
          async () =>
            (
              await onA
                .timeout(3000)
                .emitWithAck('offer', {
                  to: onB.id!,
                  sdp: { type: 'offer', sdp: 'v=1' },
                })
                .catch(() => undefined)
            )?.ok,
          { timeout: 20_000, interval: 250 },
        )
        .toBe(true);
      const joinedSeen = next(onA, 'user-joined');
      expect((await late.emitWithAck('join-room', { roomId: room.id, name: 'n' })).ok).toBe(true);
      expect((await joinedSeen).id).toBe(late.id);

      // Live chat crosses nodes again.
      const crossing = new Promise<ChatMessageReceived>((resolve) => {
        const listener = (m: ChatMessageReceived) => {
          if (m.clientId !== 'after-outage') return;
          onA.off('chat-message', listener);
          resolve(m);
        };
        onA.on('chat-message', listener);
      });
      const sent = await onB.emitWithAck('chat-message', {
        roomId: room.id,
        text: 'after the outage',
        id: 'after-outage',
      });
      expect(sent.ok).toBe(true);
      expect((await crossing).text).toBe('after the outage');

      // Rate limits are counted in Redis again.
      const probe = new Redis(port, '127.0.0.1');
      try {
        await probe.flushdb();
        expect((await login(b.baseUrl, email, 'wrong-after')).status).toBeGreaterThanOrEqual(400);
        expect(await probe.dbsize()).toBeGreaterThan(0);
      } finally {
        probe.disconnect();
      }

      pumping = false;
      await Promise.all(pumps);
      // Nothing acknowledged is lost: every acked message is in the stored history.
      const stored = new Set((await history(a.baseUrl, owner.token, room.id)).map((m) => m.id));
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
      expect(acked.length).toBeGreaterThan(100);
      // Chat is stored in the database, not in Redis: the outage cost no message.
      expect(failed).toBe(0);
      expect(unhandled).toEqual([]);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  }, 60_000);

  it('shuts down cleanly while Redis commands are in flight', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    // Joins (seat lock, cross-node lookups), chat (adapter publishes) and sign-ins (rate limits)
    // all under way when both nodes close.
    const inFlight = [
      onA.timeout(5000).emitWithAck('join-room', { roomId: room.id, name: 'n' }),
      onB.timeout(5000).emitWithAck('join-room', { roomId: room.id, name: 'n' }),
      ...Array.from({ length: 20 }, (_, i) =>
        onA
          .timeout(5000)
          .emitWithAck('chat-message', { roomId: room.id, text: `c${i}`, id: `c-${i}` }),
      ),
      ...Array.from({ length: 10 }, (_, i) => login(b.baseUrl, `nobody-${i}@example.com`, 'x')),
    ].map((p) => Promise.resolve(p).catch(() => undefined));
    await sleep(5);
    const closing = [b.close(), a.close()];
    await Promise.all(closing);
    await Promise.all(inFlight);
    onA.disconnect();
    onB.disconnect();
    // The adapter's requests time out after 5 s: anything left over would reject by then.
    await sleep(6000);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
