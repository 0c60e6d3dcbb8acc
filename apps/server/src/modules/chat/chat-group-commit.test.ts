import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RoomMessagesPageSchema,
  type ChatMessageReceived,
  type ChatMessageResult,
} from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { connected, roomWithMembers, type LiveClient } from '../../test/live.js';

/**
 * Chat under a burst, where messages are written together (group commit, chat.repository.ts):
 * five members send at once without waiting for acknowledgements, some sends retried while their
 * first copy is still in flight. Every message is stored once, every acknowledgement carries the
 * stored message (a retry the first copy's id), and each author's messages keep their order.
 * Runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
 */

let t: TestApp;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  // Enough headroom for a burst of 20 per member (the default limits would refuse most of it).
  t = await startTestApp({ env: { RATE_LIMIT_FACTOR: '10' } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

type Ack = { ok: true; message: ChatMessageResult['message'] } | { ok: false; code: string };

describe('chat messages sent in a burst', () => {
  it('are each stored once, acknowledged with their stored copy and kept in order per author', async () => {
    const { room, owner, members } = await roomWithMembers(t, 4);
    const authors = [owner, ...members];
    const clients = await Promise.all(authors.map((a) => connected(t.baseUrl, a.token)));
    sockets.push(...clients);
    await Promise.all(clients.map((c) => c.emitWithAck('join-chat', { roomId: room.id })));

    const PER_AUTHOR = 20;
    const sends: Promise<{ author: number; n: number; retry: boolean; ack: Ack }>[] = [];
    clients.forEach((client, author) => {
      for (let n = 0; n < PER_AUTHOR; n++) {
        const payload = { roomId: room.id, text: `m ${author} ${n}`, id: `a${author}-${n}` };
        const send = (retry: boolean) =>
          sends.push(
            (client.emitWithAck('chat-message', payload) as Promise<Ack>).then((ack) => ({
              author,
              n,
              retry,
              ack,
            })),
          );
        send(false);
        // Every fifth message is sent again at once, as a client retrying after a lost ack does.
        if (n % 5 === 0) send(true);
      }
    });
    const results = await Promise.all(sends);
    expect(results.every((r) => r.ack.ok)).toBe(true);

    const idOf = new Map<string, string>();
    for (const r of results) {
      if (!r.ack.ok) continue;
      const key = `${r.author}-${r.n}`;
      expect(r.ack.message.text).toBe(`m ${r.author} ${r.n}`);
      expect(r.ack.message.clientId).toBe(`a${key}`);
      const known = idOf.get(key);
      if (known) expect(r.ack.message.id).toBe(known);
      else idOf.set(key, r.ack.message.id);
    }
    expect(idOf.size).toBe(authors.length * PER_AUTHOR);

    const res = await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/messages?after=0&limit=200`, {
      token: owner.token,
    });
    const stored: ChatMessageReceived[] = RoomMessagesPageSchema.parse(res.body).messages;
    expect(stored).toHaveLength(authors.length * PER_AUTHOR);
    expect(new Set(stored.map((m) => m.id)).size).toBe(stored.length);
    authors.forEach((a, author) => {
      const mine = stored.filter((m) => m.userId === a.user.id).map((m) => m.text);
      expect(mine).toEqual(Array.from({ length: PER_AUTHOR }, (_, n) => `m ${author} ${n}`));
    });
  });
});
