import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomMessagesPageSchema, type ChatMessageReceived } from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { connected, record, roomWithMembers, type LiveClient } from '../../test/live.js';
import { createChatRepository } from './chat.repository.js';

/**
 * Chat messages are stored by group commit (chat.service): messages arriving during a commit share
 * the next statement. These tests send many at once so that batches form, with retries inside a
 * batch, and check what the product promises: each message stored once, in order per sender,
 * acknowledged with its stored row, and one bad message failing alone. PGlite, or PostgreSQL
 * with DATABASE_URL.
 */

let t: TestApp;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ appOptions: { chatRate: { burst: 10_000, perSecond: 10_000 } } });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

async function client(token: string) {
  const s = await connected(t.baseUrl, token);
  sockets.push(s);
  return s;
}

async function history(token: string, roomId: string) {
  const res = await http(t.baseUrl, 'GET', `/api/rooms/${roomId}/messages?limit=100`, { token });
  return RoomMessagesPageSchema.parse(res.body).messages;
}

describe('chat group commit', () => {
  it('stores a batch once each, retries inside it included, in batch order', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const repo = createChatRepository(t.database.db);
    const row = (text: string, clientId: string | null) => ({
      roomId: room.id,
      userId: owner.user.id,
      name: owner.user.name,
      text,
      clientId,
    });
    const [earlier] = await repo.insertMany([row('earlier', 'x-0')]);
    const results = await repo.insertMany([
      row('one', 'x-1'),
      row('no id', null),
      row('one again', 'x-1'), // a retry in the same batch
      row('two', 'x-2'),
      row('earlier again', 'x-0'), // a retry of a message stored before
      row('no id either', null),
    ]);
    expect(results.map((r) => [r.row.text, r.created])).toEqual([
      ['one', true],
      ['no id', true],
      ['one', false],
      ['two', true],
      ['earlier', false],
      ['no id either', true],
    ]);
    expect(results[2]!.row.id).toBe(results[0]!.row.id);
    expect(results[4]!.row.id).toBe(earlier!.row.id);
    const created = results.filter((r) => r.created).map((r) => r.row.id);
    expect(created).toEqual([...created].sort((a, b) => a - b));

    const stored = await history(owner.token, room.id);
    expect(stored.map((m) => m.text)).toEqual(['earlier', 'one', 'no id', 'two', 'no id either']);
    expect(stored.map((m) => m.id)).toEqual([earlier!.row.id, ...created].map((id) => String(id)));
  });

  it('stores concurrent messages from several sockets once each, in order, all acknowledged', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const senders = await Promise.all([owner, ...members].map((u) => client(u.token)));
    const listener = await client(owner.token);
    await Promise.all(
      [...senders, listener].map((s) => s.emitWithAck('join-chat', { roomId: room.id })),
    );
    const heard = record(listener, 'chat-message');

    const PER_SENDER = 30;
    // Every message is sent twice at once (a retry racing its original), without waiting for
    // acknowledgements, so batches hold several senders' messages and duplicates.
    const acks = senders.map((s, who) =>
      Array.from({ length: PER_SENDER }, (_, i) => {
        const payload = { roomId: room.id, text: `s${who}-${i}`, id: `s${who}-m${i}` };
        return Promise.all([
          s.emitWithAck('chat-message', payload),
          s.emitWithAck('chat-message', payload),
        ]);
      }),
    );
    const settled = await Promise.all(acks.map((list) => Promise.all(list)));

    const stored = new Map<string, ChatMessageReceived>();
    for (const list of settled) {
      for (const [first, retry] of list) {
        if (!first.ok || !retry.ok) throw new Error('a message was refused');
        const { message } = first as unknown as { message: ChatMessageReceived };
        const { message: again } = retry as unknown as { message: ChatMessageReceived };
        expect(again).toEqual(message);
        stored.set(message.clientId!, message);
      }
    }
    expect(stored.size).toBe(senders.length * PER_SENDER);

    // In the database once each, and each sender's messages in the order they were sent.
    const rows = await history(owner.token, room.id);
    expect(rows).toHaveLength(senders.length * PER_SENDER);
    for (let who = 0; who < senders.length; who++) {
      const texts = rows.filter((m) => m.text.startsWith(`s${who}-`)).map((m) => m.text);
      expect(texts).toEqual(Array.from({ length: PER_SENDER }, (_, i) => `s${who}-${i}`));
    }
    // Each acknowledgement carried the row as stored.
    for (const row of rows) expect(stored.get(row.clientId!)).toEqual(row);
    // The listener heard every message (a retry is broadcast again; clients keep one per id).
    await expect.poll(() => new Set(heard.map((m) => m.id)).size).toBe(rows.length);
  });

  it('fails only the message whose insert fails; the rest of its batch is stored', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const author = owner.user;
    const sends = [
      t.app.services.chat.store(author, { roomId: room.id, text: 'a', clientId: 'f-1' }),
      t.app.services.chat.store(author, { roomId: room.id, text: 'b', clientId: 'f-2' }),
      // No such room: the foreign key refuses this one row.
      t.app.services.chat.store(author, { roomId: 'f'.repeat(24), text: 'c', clientId: 'f-3' }),
      t.app.services.chat.store(author, { roomId: room.id, text: 'd', clientId: 'f-4' }),
    ];
    const outcome = await Promise.allSettled(sends);
    expect(outcome.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const rows = await history(owner.token, room.id);
    expect(rows.map((m) => m.text)).toEqual(['a', 'b', 'd']);
  });
});
