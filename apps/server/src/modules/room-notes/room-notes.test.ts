import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { MAX_SOCKETS_PER_USER, ROOM_NOTES_CLOSE, ROOM_NOTES_PATH } from '@studycircle/shared';
import { http, openTestDatabase, sessionIdOf, startTestApp, type TestApp } from '../../test/app.js';
import { connected, newUser, roomWithMembers } from '../../test/live.js';
import { closed, openNotes, until, wsUrl, type NotesClient } from '../../test/notes.js';
import { signToken } from '../auth/tokens.js';

/**
 * The room notes' websocket (docs/product.md §5.15) with real Hocuspocus clients over `ws`, on the
 * app's own HTTP server beside Socket.IO: members edit one document together, and everyone else is
 * refused; access that ends closes the connection at once; the notes outlive the server.
 */
/** Hocuspocus's sign-in message: the document's name, Auth (2), Token (0), the token. */
function authMessage(documentName: string, token: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, documentName);
  encoding.writeVarUint(encoder, 2);
  encoding.writeVarUint(encoder, 0);
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

/** The server's answer to a sign-in: Permission denied (1, with its reason) or Authenticated (2). */
function authAnswer(data: Buffer): { documentName: string; answer: string } | undefined {
  const decoder = decoding.createDecoder(new Uint8Array(data));
  const documentName = decoding.readVarString(decoder);
  if (decoding.readVarUint(decoder) !== 2) return undefined;
  const kind = decoding.readVarUint(decoder);
  return { documentName, answer: kind === 1 ? decoding.readVarString(decoder) : 'authenticated' };
}

describe('room notes', () => {
  let t: TestApp;
  const open: NotesClient[] = [];
  const client = (...args: Parameters<typeof openNotes>) => {
    const c = openNotes(...args);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const c of open) c.destroy();
    await t?.close();
  });

  it('two members typing at the same spot both keep their words', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = client(t.baseUrl, owner.token, room.id);
    const b = client(t.baseUrl, members[0]!.token, room.id);
    await Promise.all([a.synced(), b.synced()]);
    a.type('Mitochondria ');
    await until(() => b.text() === 'Mitochondria ', 'the first words to reach b');
    // Both type at the very same place before either hears of the other's edit.
    a.type('make energy.', 13);
    b.type('are organelles.', 13);
    await until(
      () => a.text() === b.text() && a.text().length === 13 + 12 + 15,
      'both editors to agree on both edits',
    );
    expect(a.text()).toContain('make energy.');
    expect(a.text()).toContain('are organelles.');
  });

  it('refuses someone who is not a member, and they receive none of the notes', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const outsider = await newUser(t);
    const writer = client(t.baseUrl, owner.token, room.id);
    await writer.synced();
    writer.type('Private plans');
    const stranger = client(t.baseUrl, outsider.token, room.id);
    expect(await closed(stranger)).toEqual(ROOM_NOTES_CLOSE.notMember);
    expect(stranger.refusals).toEqual([ROOM_NOTES_CLOSE.notMember.reason]);
    expect(stranger.text()).toBe('');
    // And nothing they send reaches the members' document.
    stranger.type('graffiti');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(writer.text()).toBe('Private plans');
  });

  it('refuses a missing, forged or expired token, and a room id that is not one', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const expired = await signToken(
      t.app.deps.jwtSecret,
      { userId: owner.user.id, version: 0, sessionId: sessionIdOf(owner.token) },
      -10,
    );
    for (const token of ['', 'garbage', expired]) {
      const c = client(t.baseUrl, token, room.id);
      expect(await closed(c)).toEqual(ROOM_NOTES_CLOSE.signedOut);
      expect(c.refusals).toEqual([ROOM_NOTES_CLOSE.signedOut.reason]);
    }
    for (const name of [room.id.toUpperCase(), 'not-a-room', '0'.repeat(24)]) {
      const c = client(t.baseUrl, owner.token, name);
      const end = await closed(c);
      expect([ROOM_NOTES_CLOSE.notMember.code, ROOM_NOTES_CLOSE.roomClosed.code]).toContain(
        end.code,
      );
    }
  });

  it('closes a member’s notes the moment they are removed, leave, or the room goes', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const removed = members[0]!;
    const leaver = members[1]!;
    const a = client(t.baseUrl, removed.token, room.id);
    const b = client(t.baseUrl, leaver.token, room.id);
    const o = client(t.baseUrl, owner.token, room.id);
    await Promise.all([a.synced(), b.synced(), o.synced()]);

    const removal = await http(
      t.baseUrl,
      'DELETE',
      `/api/rooms/${room.id}/members/${removed.user.id}`,
      {
        token: owner.token,
      },
    );
    expect(removal.status).toBeLessThan(300);
    // Closed by the time the removal is answered: the close frame is already on its way.
    expect(await closed(a, 1_000)).toEqual(ROOM_NOTES_CLOSE.notMember);
    expect(b.closes).toEqual([]);

    expect(
      (await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, { token: leaver.token }))
        .status,
    ).toBeLessThan(300);
    expect(await closed(b, 1_000)).toEqual(ROOM_NOTES_CLOSE.notMember);
    // Coming back is refused too.
    const again = client(t.baseUrl, removed.token, room.id);
    expect(await closed(again)).toEqual(ROOM_NOTES_CLOSE.notMember);

    expect(o.closes).toEqual([]);
    expect(
      (await http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}`, { token: owner.token })).status,
    ).toBeLessThan(300);
    expect(await closed(o, 1_000)).toEqual(ROOM_NOTES_CLOSE.roomClosed);
  });

  it('closes the notes of a session that ends, and only that one', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const other = await t.app.services.auth.login(
      { email: owner.user.email, password: 'Secret123' },
      '198.51.100.7',
    );
    const here = client(t.baseUrl, owner.token, room.id);
    const there = client(t.baseUrl, other.token, room.id);
    await Promise.all([here.synced(), there.synced()]);
    expect((await http(t.baseUrl, 'POST', '/api/auth/logout', { token: other.token })).status).toBe(
      200,
    );
    expect(await closed(there, 1_000)).toEqual(ROOM_NOTES_CLOSE.signedOut);
    expect(here.closes).toEqual([]);
    expect(
      (await http(t.baseUrl, 'DELETE', '/api/auth/sessions', { token: owner.token })).status,
    ).toBe(200);
    expect(await closed(here, 1_000)).toEqual(ROOM_NOTES_CLOSE.signedOut);
  });

  it('keeps each caret in its account’s name: a forged one never reaches the others', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const honest = client(t.baseUrl, owner.token, room.id);
    const forger = client(t.baseUrl, members[0]!.token, room.id);
    await Promise.all([honest.synced(), forger.synced()]);
    const mine = { id: members[0]!.user.id, name: members[0]!.user.name };
    // Every name the honest member's screen is ever given, not just the last.
    const seen = new Set<string>();
    honest.provider.awareness!.on('change', () => {
      for (const s of honest.provider.awareness!.getStates().values()) {
        if (typeof s.user?.name === 'string') seen.add(s.user.name);
      }
    });
    forger.provider.setAwarenessField('user', { id: owner.user.id, name: owner.user.name });
    forger.provider.setAwarenessField('user', { ...mine, name: 'The teacher' });
    forger.provider.setAwarenessField('user', mine);
    await until(
      () =>
        [...honest.provider.awareness!.getStates().values()].some((s) => s.user?.id === mine.id),
      'the forger’s own caret to reach the other member',
    );
    expect([...seen]).toEqual([mine.name]);
    // Dropped, not disconnected: a client also sends back states it received, which is no attack.
    expect(forger.closes).toEqual([]);
  });

  it('lives beside Socket.IO on one server', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const notes = client(t.baseUrl, owner.token, room.id);
    await notes.synced();
    // Socket.IO connects and answers while the notes are open.
    const io = await connected(t.baseUrl, owner.token);
    expect(await io.timeout(5_000).emitWithAck('join-chat', { roomId: room.id })).toMatchObject({
      ok: true,
    });
    // An upgrade to a path nobody serves is ended by Socket.IO's engine (destroyUpgrade)...
    const stray = new WebSocket(t.baseUrl.replace(/^http/, 'ws') + '/nowhere');
    const strayEnd = await new Promise<string>((resolve) => {
      stray.once('error', (err) => resolve(`error: ${err.message}`));
      stray.once('open', () => resolve('open'));
    });
    expect(strayEnd).not.toBe('open');
    // ...after its one-second wait, which the notes connection outlives, still syncing.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    notes.type('still here');
    const reader = client(t.baseUrl, owner.token, room.id);
    await reader.synced();
    await until(() => reader.text() === 'still here', 'the edit after the engine’s timeout');
    expect(notes.closes).toEqual([]);
    expect(io.connected).toBe(true);
    io.disconnect();
  });

  it('refuses a foreign page’s origin, and plain HTTP gets a clear answer', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const foreign = new WebSocket(wsUrl(t.baseUrl), {
      headers: { origin: 'https://evil.example' },
    });
    const status = await new Promise<number | undefined>((resolve) => {
      foreign.once('unexpected-response', (_req, res) => resolve(res.statusCode));
      foreign.once('open', () => resolve(undefined));
    });
    expect(status).toBe(403);
    foreign.on('error', () => {});
    foreign.terminate();
    const own = client(t.baseUrl, owner.token, room.id, { headers: { origin: t.baseUrl } });
    await own.synced();

    const plain = await http(t.baseUrl, 'GET', ROOM_NOTES_PATH);
    expect(plain.status).toBe(426);
    expect(plain.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('sign-ins cut short by a closed tab never use up the account’s connections', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    // The check takes a moment (a slow database), so each close lands while it runs.
    const service = t.app.services.roomNotes;
    const authorize = service.authorize;
    service.authorize = async (...args) => {
      const user = await authorize(...args);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return user;
    };
    try {
      // More than the account may hold open at once, each closed while its sign-in is checked.
      for (let i = 0; i < MAX_SOCKETS_PER_USER + 5; i++) {
        const ws = new WebSocket(wsUrl(t.baseUrl));
        await new Promise((resolve) => ws.once('open', resolve));
        const gone = new Promise((resolve) => ws.once('close', resolve));
        ws.send(authMessage(room.id, owner.token));
        await new Promise((resolve) => setTimeout(resolve, 10));
        ws.terminate();
        await gone;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      service.authorize = authorize;
    }
    const notes = client(t.baseUrl, owner.token, room.id);
    await notes.synced();
    expect(notes.closes).toEqual([]);
    expect(notes.refusals).toEqual([]);
  });

  it('one websocket signs in to one room’s notes, even when it asks for two at once', async () => {
    const first = await roomWithMembers(t, 0);
    const made = await http<{ room: { id: string } }>(t.baseUrl, 'POST', '/api/rooms', {
      token: first.owner.token,
      body: { name: 'Second room', subject: 'Maths' },
    });
    expect(made.status).toBe(201);
    const second = { room: made.body.room };
    const ws = new WebSocket(wsUrl(t.baseUrl));
    await new Promise((resolve) => ws.once('open', resolve));
    const answers: { documentName: string; answer: string }[] = [];
    ws.on('message', (data: Buffer) => {
      const answer = authAnswer(data);
      if (answer) answers.push(answer);
    });
    ws.send(authMessage(first.room.id, first.owner.token));
    ws.send(authMessage(second.room.id, first.owner.token));
    await until(() => answers.length >= 2 || ws.readyState === WebSocket.CLOSED, 'two answers');
    expect(answers).toContainEqual({ documentName: first.room.id, answer: 'authenticated' });
    expect(answers).not.toContainEqual({ documentName: second.room.id, answer: 'authenticated' });
    ws.terminate();
  });

  it('closes a connection that talks without signing in', async () => {
    const ws = new WebSocket(wsUrl(t.baseUrl));
    await new Promise((resolve) => ws.once('open', resolve));
    const end = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    // A document name and a sync message, over and over, never the token.
    const junk = Buffer.from([4, 0x61, 0x62, 0x63, 0x64, 0, 0, 0]);
    for (let i = 0; i < 40; i++) ws.send(junk);
    expect(await end).toBe(1008);
  });
});

describe('room notes across a restart', () => {
  it('keeps the notes, edits made just before a shutdown included', async () => {
    const { database, drop } = await openTestDatabase();
    // One deployment: the same signing secret before and after the restart.
    const env = { JWT_SECRET: 'room-notes-restart-secret-0123456789abcdef' };
    const first = await startTestApp({ database, env });
    let second: TestApp | undefined;
    try {
      const { room, owner } = await roomWithMembers(first, 0);
      const writer = openNotes(first.baseUrl, owner.token, room.id);
      await writer.synced();
      writer.type('Week 3: enzymes.');
      // The server stores a moment after the last change; a shutdown right away must not lose it.
      await until(() => !writer.provider.hasUnsyncedChanges, 'the edit to reach the server');
      await first.close();
      writer.destroy();

      second = await startTestApp({ database, env });
      const reader = openNotes(second.baseUrl, owner.token, room.id);
      await reader.synced();
      expect(reader.text()).toBe('Week 3: enzymes.');
      reader.destroy();
    } finally {
      await second?.close();
      await drop();
    }
  });
});

describe('storing room notes', () => {
  it('merges what two writers store at once, so neither loses the other’s edits', async () => {
    const t = await startTestApp();
    try {
      const { room, owner } = await roomWithMembers(t, 0);
      const edit = (words: string) => {
        const doc = new Y.Doc();
        doc.getText('notes').insert(0, words);
        return Y.encodeStateAsUpdate(doc);
      };
      const { roomNotes } = t.app.services;
      // Two nodes' documents that never heard of each other, stored at the same moment.
      expect(
        await Promise.all([
          roomNotes.store(room.id, edit('alpha')),
          roomNotes.store(room.id, edit('beta')),
        ]),
      ).toEqual([true, true]);
      await roomNotes.store(room.id, edit('gamma'));
      const stored = new Y.Doc();
      Y.applyUpdate(stored, (await roomNotes.load(room.id))!);
      const text = stored.getText('notes').toString();
      for (const word of ['alpha', 'beta', 'gamma']) expect(text).toContain(word);

      // A deleted room's notes go with it, and a store that comes late writes nothing.
      await t.app.services.rooms.remove(
        { ...owner.user, sessionId: sessionIdOf(owner.token) },
        room.id,
      );
      expect(await roomNotes.load(room.id)).toBeNull();
      expect(await roomNotes.store(room.id, edit('too late'))).toBe(false);
      expect(await roomNotes.load(room.id)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
