import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoomMessagesPageSchema, type Ack } from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { connected, roomWithMembers } from '../../test/live.js';

/**
 * The chat history's cursors are message ids: a cursor no message id can reach (past the largest
 * id the server hands out) is the client's mistake and answers 400 with a sentence saying so,
 * never a 500 from the database's bigint cast.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/rooms/:id/messages cursors', () => {
  it('answers 400 for a cursor beyond any message id, and still pages with real ones', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const socket = await connected(t.baseUrl, owner.token);
    await socket.emitWithAck('join-room', { roomId: room.id, name: 'n' });
    const sent = (await socket.emitWithAck('chat-message', {
      roomId: room.id,
      text: 'hello',
      id: 'c1',
    })) as Ack<{ message: { id: string } }>;
    socket.disconnect();
    expect(sent.ok).toBe(true);
    const url = (query: string) => `/api/rooms/${room.id}/messages?${query}`;

    for (const query of [
      'before=9999999999999999999',
      'after=9223372036854775807',
      'after=9007199254740992',
    ]) {
      const res = await http(t.baseUrl, 'GET', url(query), { token: owner.token });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid cursor: before and after take a message id from this room',
      });
    }

    // The largest id that can exist still reads (nothing is newer; everything is older).
    const newest = await http(t.baseUrl, 'GET', url('after=9007199254740991'), {
      token: owner.token,
    });
    expect(newest.status).toBe(200);
    expect(RoomMessagesPageSchema.parse(newest.body).messages).toEqual([]);
    const older = await http(t.baseUrl, 'GET', url('before=9007199254740991'), {
      token: owner.token,
    });
    expect(RoomMessagesPageSchema.parse(older.body).messages.map((m) => m.text)).toEqual(['hello']);
  });
});
