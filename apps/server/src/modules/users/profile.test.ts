import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, ChatMessageReceived } from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { jpegDataUrl } from '../../test/images.js';
import { connected, next, roomWithMembers, type LiveClient } from '../../test/live.js';

/**
 * Profile changes as other people see them: a new name is the one an already open socket stamps
 * on chat messages (on every node), and an avatar is a real JPEG the server has decoded, never a
 * link to somewhere else.
 */

let t: TestApp;
const env = { JWT_SECRET: 'profile-test-secret-0123456789abcdef0123' };

beforeAll(async () => {
  t = await startTestApp({ env });
});
afterAll(async () => {
  await t?.close();
});

async function say(socket: LiveClient, roomId: string, text: string) {
  const ack = (await socket.emitWithAck('chat-message', { roomId, text })) as Ack<{
    message: ChatMessageReceived;
  }>;
  if (!ack.ok) throw new Error(ack.message);
  return ack.message;
}

describe('renaming', () => {
  it('an open socket stamps the new name on the chat messages it sends after the rename', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const reader = members[0]!;
    const writer = await connected(t.baseUrl, owner.token);
    const listener = await connected(t.baseUrl, reader.token);
    try {
      await writer.emitWithAck('join-room', { roomId: room.id, name: 'n' });
      await listener.emitWithAck('join-chat', { roomId: room.id });
      expect((await say(writer, room.id, 'before')).name).toBe(owner.user.name);

      const renamed = await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
        token: owner.token,
        body: { name: 'Renamed Person' },
      });
      expect(renamed.status).toBe(200);

      const heard = next(listener, 'chat-message');
      expect((await say(writer, room.id, 'after')).name).toBe('Renamed Person');
      expect(await heard).toMatchObject({ text: 'after', name: 'Renamed Person' });
      // The call's participant list names them anew too.
      const presence = await http<{ presence: { participants: { name: string }[] } }>(
        t.baseUrl,
        'GET',
        `/api/rooms/${room.id}/presence`,
        { token: reader.token },
      );
      expect(presence.body.presence.participants.map((p) => p.name)).toEqual(['Renamed Person']);
    } finally {
      writer.disconnect();
      listener.disconnect();
    }
  });

  if (process.env.REDIS_URL) {
    it('reaches a socket on another node', async () => {
      const other = await startTestApp({ env, database: t.database });
      try {
        const { room, owner } = await roomWithMembers(t, 0);
        const socket = await connected(other.baseUrl, owner.token);
        try {
          await socket.emitWithAck('join-chat', { roomId: room.id });
          const res = await http(t.baseUrl, 'PATCH', '/api/auth/profile', {
            token: owner.token,
            body: { name: 'Renamed Elsewhere' },
          });
          expect(res.status).toBe(200);
          // The rename travels to the other node on its own; wait for it to arrive there.
          await expect
            .poll(async () => (await say(socket, room.id, 'hello')).name, { timeout: 5000 })
            .toBe('Renamed Elsewhere');
        } finally {
          socket.disconnect();
        }
      } finally {
        await other.app.close();
      }
    });
  }
});

describe('the avatar', () => {
  const save = (token: string, profilePic: unknown) =>
    http(t.baseUrl, 'PATCH', '/api/auth/profile', { token, body: { profilePic } });

  it('is a JPEG the server decodes, at most 400 px, or nothing; never a link', async () => {
    const { owner } = await roomWithMembers(t, 0);
    const photo = jpegDataUrl(400, 267);
    const saved = await save(owner.token, photo);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ user: { profilePic: photo } });

    const bytes = Buffer.from(photo.slice('data:image/jpeg;base64,'.length), 'base64');
    const asDataUrl = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;
    const refused: [string, unknown, string][] = [
      // Starts like a JPEG, is not one.
      ['only the first bytes', `data:image/jpeg;base64,/9j/${'A'.repeat(4000)}`, 'JPEG'],
      ['cut short', asDataUrl(bytes.subarray(0, Math.floor(bytes.length / 2))), 'JPEG'],
      ['a header alone', asDataUrl(bytes.subarray(0, 600)), 'JPEG'],
      ['larger than the page makes', jpegDataUrl(401, 20), '400 pixels'],
      ['far larger', jpegDataUrl(1200, 800), '400 pixels'],
      ['a link', 'https://tracker.example/pixel.jpg', 'JPEG'],
      ['a plain http link', 'http://example.com/me.jpg', 'JPEG'],
    ];
    for (const [what, value, words] of refused) {
      const res = await save(owner.token, value);
      expect(res.status, what).toBe(400);
      expect(String((res.body as { message?: string }).message), what).toContain(words);
    }
    const read = await http(t.baseUrl, 'GET', '/api/auth/profile', { token: owner.token });
    expect(read.body).toMatchObject({ user: { profilePic: photo } });

    expect((await save(owner.token, '')).status).toBe(200);
  });
});

describe('the phone number', () => {
  it('is digits, spaces, +, - and parentheses, or nothing: "abc" is a 400 with the form’s sentence', async () => {
    const { owner } = await roomWithMembers(t, 0);
    const save = (phone: string) =>
      http(t.baseUrl, 'PATCH', '/api/auth/profile', { token: owner.token, body: { phone } });
    const refused = await save('abc');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'Phone number can only contain digits, spaces, +, - and parentheses',
    });
    const saved = await save(' +44 (20) 7946-0958 ');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ user: { phone: '+44 (20) 7946-0958' } });
    expect((await save('')).status).toBe(200);
  });
});
