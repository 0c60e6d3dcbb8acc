import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createThrowawayDatabase,
  freePort,
  startServer as startRealServer,
} from '@studycircle/test-kit';
import { RoomMessagesPageSchema, type ChatMessageReceived, type Room } from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { connect, connected, roomWithMembers, type LiveClient } from '../../test/live.js';

/**
 * Chat that loses nothing, under faults: a link cut abruptly again and again while a member sends
 * 500 messages, and the server process killed with SIGKILL in the middle of a chat. Runs on PGlite,
 * or on PostgreSQL when DATABASE_URL is set.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Cuts a client's connection the hard way: the TCP socket is destroyed, no close handshake. */
function cut(socket: LiveClient) {
  const transport = (
    socket.io.engine as unknown as { transport?: { ws?: { _socket?: { destroy(): void } } } }
  ).transport;
  const raw = transport?.ws?._socket;
  if (raw) raw.destroy();
  else socket.io.engine.close();
}

/** Fetches everything after `after`, page by page (the client's catch-up after a reconnect). */
async function catchUp(baseUrl: string, token: string, roomId: string, after: string | undefined) {
  const out: ChatMessageReceived[] = [];
  // From the very start when the client has seen nothing yet.
  let cursor = after ?? '0';
  for (;;) {
    const res = await http(baseUrl, 'GET', `/api/rooms/${roomId}/messages?after=${cursor}`, {
      token,
    });
    const page = RoomMessagesPageSchema.parse(res.body);
    out.push(...page.messages);
    if (page.messages.length > 0) cursor = page.messages[page.messages.length - 1]!.id;
    if (!page.hasMore) return out;
  }
}

/**
 * A receiving member as the web client behaves: re-joins the chat on every (re)connect, then
 * catches up from the last message id it has; keeps one copy per message id.
 */
function receiver(baseUrl: string, token: string, roomId: string) {
  const seen = new Map<string, ChatMessageReceived>();
  const lastId = () =>
    [...seen.keys()].reduce<string | undefined>(
      (max, id) => (max === undefined || BigInt(id) > BigInt(max) ? id : max),
      undefined,
    );
  const socket = connect(baseUrl, token, {
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 300,
  });
  let syncing = Promise.resolve();
  socket.on('chat-message', (m) => seen.set(m.id, m));
  socket.on('connect', () => {
    // The cursor is taken before re-joining: once joined, live messages with higher ids arrive
    // and would hide the gap if the cursor were read after them.
    const after = lastId();
    syncing = (async () => {
      await socket.timeout(5000).emitWithAck('join-chat', { roomId });
      for (const m of await catchUp(baseUrl, token, roomId, after)) seen.set(m.id, m);
    })().catch(() => undefined);
  });
  return { socket, seen, sync: () => syncing };
}

describe('a flaky link', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 500 messages at once from one account: far past what a person sends, not what is tested.
    t = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('delivers all of 500 messages once each, in order, while links are cut every second', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const steady = receiver(t.baseUrl, members[0]!.token, room.id);
    const flaky = receiver(t.baseUrl, members[1]!.token, room.id);
    // The client library resends an unacknowledged event until it is acknowledged, in order.
    const sender = connect(t.baseUrl, owner.token, {
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
      retries: 1000,
      ackTimeout: 1000,
    });
    let reconnects = 0;
    sender.io.on('reconnect', () => (reconnects += 1));
    try {
      await Promise.all(
        [steady, flaky].map(
          (r) => new Promise<void>((resolve) => r.socket.once('connect', () => resolve())),
        ),
      );
      await Promise.all([steady.sync(), flaky.sync()]);

      let cuts = 0;
      const chaos = setInterval(() => {
        cuts += 1;
        cut(sender);
        if (cuts % 2 === 0) cut(flaky.socket);
      }, 1000);

      const acked: Promise<string>[] = [];
      for (let i = 0; i < 500; i++) {
        acked.push(
          new Promise((resolve, reject) => {
            // With `retries` the client calls back with an error first (none once acknowledged).
            const onAck = (err: Error | null, res: { ok: boolean; message?: { id: string } }) => {
              if (err || !res.ok) reject(err ?? new Error(JSON.stringify(res)));
              else resolve(res.message!.id);
            };
            sender.emit(
              'chat-message',
              { roomId: room.id, text: `msg ${i}`, id: `flaky-${i}` },
              onAck as never,
            );
          }),
        );
        await sleep(10);
      }
      const ids = await Promise.all(acked);
      clearInterval(chaos);
      expect(cuts).toBeGreaterThanOrEqual(3);
      // The cuts really broke the link: the sender had to reconnect each time.
      expect(reconnects).toBeGreaterThanOrEqual(3);

      // Everyone reconnected and caught up: the stored history is exactly the 500, in order.
      await Promise.all([steady.sync(), flaky.sync()]);
      const stored = await catchUp(t.baseUrl, owner.token, room.id, undefined);
      expect(stored.map((m) => m.text)).toEqual(Array.from({ length: 500 }, (_, i) => `msg ${i}`));
      expect(new Set(stored.map((m) => m.id)).size).toBe(500);
      expect(stored.map((m) => m.id)).toEqual(ids);

      for (const r of [steady, flaky]) {
        await expect.poll(() => r.seen.size, { timeout: 15_000 }).toBe(500);
        const inOrder = [...r.seen.values()].sort((x, y) => (BigInt(x.id) < BigInt(y.id) ? -1 : 1));
        expect(inOrder.map((m) => m.text)).toEqual(stored.map((m) => m.text));
      }
    } finally {
      sender.disconnect();
      steady.socket.disconnect();
      flaky.socket.disconnect();
    }
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------

/** Starts `npm start`'s server as a real process and waits for /api/health. */
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const server = await startRealServer({
    port: Number(env.PORT),
    env: { LOG_LEVEL: 'silent', REDIS_URL: '', ...env },
    timeoutMs: 150_000,
  });
  return server.process.child;
}

describe('the server killed mid-chat', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-kill-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const database = await createThrowawayDatabase({ prefix: 'sc_kill', adminUrl: url });
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged message after SIGKILL and a restart', async () => {
    const port = String(await freePort());
    const env = {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'kill-test-secret-0123456789abcdefghij',
    };
    const baseUrl = `http://127.0.0.1:${port}`;
    child = await startServer(env);
    const owner = await registerUser(baseUrl);
    const created = await http<{ room: Room }>(baseUrl, 'POST', '/api/rooms', {
      token: owner.token,
      body: { name: 'Crash room', subject: 'Durability' },
    });
    const roomId = created.body.room.id;

    const socket = await connected(baseUrl, owner.token);
    const acked: string[] = [];
    let sent = 0;
    // Keep four messages in flight at all times (within the chat rate limit's burst), so the
    // kill lands in the middle of writes, then kill once some have been acknowledged.
    const pump = async () => {
      while (socket.connected && sent < 10_000) {
        const i = sent++;
        const res = await socket
          .timeout(2000)
          .emitWithAck('chat-message', { roomId, text: `before crash ${i}`, id: `k-${i}` })
          .catch(() => undefined);
        if (res?.ok) acked.push(res.message.id);
        else if (res && !res.ok && res.code === 'RATE_LIMITED') await sleep(250);
      }
    };
    const pumps = [pump(), pump(), pump(), pump()];
    await expect.poll(() => acked.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(12);
    child.kill('SIGKILL');
    await Promise.all(pumps);
    socket.disconnect();
    expect(sent).toBeGreaterThan(acked.length);

    child = await startServer(env);
    const res = await http(baseUrl, 'GET', `/api/rooms/${roomId}/messages`, {
      token: owner.token,
    });
    const stored = new Set(RoomMessagesPageSchema.parse(res.body).messages.map((m) => m.id));
    const missing = acked.filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    child.kill('SIGKILL');
  }, 360_000);
});
