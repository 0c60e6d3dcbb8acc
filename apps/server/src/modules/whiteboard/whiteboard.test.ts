import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, REALTIME_ERROR_CODES } from '@studycircle/shared';
import {
  WHITEBOARD_LIMITS,
  WHITEBOARD_MESSAGES,
  type WhiteboardElement,
} from '@studycircle/shared/whiteboard';
import { openDatabase, type Database } from '../../db/client.js';
import { http, openTestDatabase, startTestApp, type TestApp } from '../../test/app.js';
import {
  connected,
  next,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
} from '../../test/live.js';

/**
 * The room whiteboard over real Socket.IO clients on the real app (PGlite in memory, or
 * PostgreSQL with DATABASE_URL): members draw live and converge by the merge rule, a non-member
 * reads and writes nothing, a member who leaves is taken off the board, and the board outlives
 * the server process.
 */

let counter = 0;
/** An Excalidraw-shaped rectangle; `id` fixed when a test writes the same element twice. */
function rect(over: Partial<WhiteboardElement> & { id?: string } = {}): WhiteboardElement {
  counter += 1;
  return {
    id: over.id ?? `el-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    type: 'rectangle',
    x: counter * 10,
    y: 20,
    width: 100,
    height: 50,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    seed: counter,
    version: 1,
    versionNonce: 1000 + counter,
    isDeleted: false,
    index: `a${counter}`,
    updated: Date.now(),
    ...over,
  } as WhiteboardElement;
}

/** Subscribes and reads the whole stored board, page by page. */
async function readBoard(socket: LiveClient, roomId: string): Promise<WhiteboardElement[]> {
  const all: WhiteboardElement[] = [];
  let after: string | undefined;
  for (;;) {
    const ack = await socket.emitWithAck('whiteboard-join', after ? { roomId, after } : { roomId });
    if (!ack.ok) throw new Error(`join refused: ${ack.code} ${ack.message}`);
    all.push(...ack.elements);
    if (ack.next === null) return all;
    after = ack.next;
  }
}

const byId = (elements: WhiteboardElement[]) => new Map(elements.map((e) => [e.id, e]));

describe('the room whiteboard', () => {
  let t: TestApp;
  const sockets: LiveClient[] = [];
  const open = async (token: string) => {
    const s = await connected(t.baseUrl, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  it('relays a member’s update to the others once stored, and stores it', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await open(owner.token);
    const b = await open(members[0]!.token);
    expect(await readBoard(a, room.id)).toEqual([]);
    expect(await readBoard(b, room.id)).toEqual([]);

    const element = rect();
    const arrived = next(b, 'whiteboard-update');
    const echoed = record(a, 'whiteboard-update');
    const ack = await a.emitWithAck('whiteboard-update', { roomId: room.id, elements: [element] });
    expect(ack).toEqual({ ok: true, stale: [], refused: [] });
    expect(await arrived).toEqual({ roomId: room.id, elements: [element] });

    const c = await open(members[0]!.token);
    expect(await readBoard(c, room.id)).toEqual([element]);
    await settle([a]);
    expect(echoed).toEqual([]);
  });

  it('keeps concurrent edits by the rule: higher version, then lower versionNonce, tombstones kept', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const [a, b, c] = await Promise.all([
      open(owner.token),
      open(members[0]!.token),
      open(members[1]!.token),
    ]);
    for (const s of [a, b, c]) await readBoard(s, room.id);
    const base = rect();
    expect(
      await a.emitWithAck('whiteboard-update', { roomId: room.id, elements: [base] }),
    ).toMatchObject({ ok: true });

    // Two people change the same shape at once to the same version: the lower nonce wins on
    // every copy, whichever write commits first.
    const fromA = { ...base, version: 2, versionNonce: 900, x: 111 };
    const fromB = { ...base, version: 2, versionNonce: 300, x: 222 };
    const seenByC = record(c, 'whiteboard-update');
    const [ackA, ackB] = await Promise.all([
      a.emitWithAck('whiteboard-update', { roomId: room.id, elements: [fromA] }),
      b.emitWithAck('whiteboard-update', { roomId: room.id, elements: [fromB] }),
    ]);
    expect(ackB).toMatchObject({ ok: true, stale: [] });
    // A lost: either at once (told the winner) or first (and then B's copy reached it).
    if (ackA.ok && ackA.stale.length > 0) expect(ackA.stale).toEqual([fromB]);
    // A higher version beats any nonce; an older copy sent afterwards gets the newer one back.
    const fromC = { ...base, version: 3, versionNonce: 999_999, x: 333 };
    expect(
      await c.emitWithAck('whiteboard-update', { roomId: room.id, elements: [fromC] }),
    ).toEqual({ ok: true, stale: [], refused: [] });
    const late = await b.emitWithAck('whiteboard-update', {
      roomId: room.id,
      elements: [{ ...base, version: 2, versionNonce: 1, x: 444 }],
    });
    expect(late).toEqual({ ok: true, stale: [fromC], refused: [] });

    // A deletion is a new version and stays as a tombstone: an older copy cannot bring it back.
    const deleted = { ...fromC, version: 4, versionNonce: 5, isDeleted: true };
    expect(
      await a.emitWithAck('whiteboard-update', { roomId: room.id, elements: [deleted] }),
    ).toMatchObject({ ok: true, stale: [] });
    const resurrect = await b.emitWithAck('whiteboard-update', {
      roomId: room.id,
      elements: [{ ...fromC, version: 3, versionNonce: 0 }],
    });
    expect(resurrect).toEqual({ ok: true, stale: [deleted], refused: [] });

    // Every copy of the board ends the same: the stored one and what C was sent.
    const stored = byId(await readBoard(await open(owner.token), room.id));
    expect(stored.get(base.id)).toEqual(deleted);
    await settle([c]);
    // C heard only winners, in an order whose merge ends at the stored copy.
    const lastSeen = seenByC.flatMap((u) => u.elements).filter((e) => e.id === base.id);
    expect(lastSeen.every((e) => e.version === 2 || e.version === 4)).toBe(true);
    expect(lastSeen.at(-1)).toEqual(deleted);
  });

  it('applies a batch in which many people edit many shapes, converging on every socket', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const users = [owner, ...members];
    const clients = await Promise.all(users.map((u) => open(u.token)));
    for (const s of clients) await readBoard(s, room.id);
    const shared = Array.from({ length: 20 }, () => rect());
    const boards = clients.map(() => new Map<string, WhiteboardElement>());
    const merge = (board: Map<string, WhiteboardElement>, e: WhiteboardElement) => {
      const cur = board.get(e.id);
      if (
        !cur ||
        e.version > cur.version ||
        (e.version === cur.version && e.versionNonce < cur.versionNonce)
      )
        board.set(e.id, e);
    };
    clients.forEach((s, i) =>
      s.on('whiteboard-update', (u) => u.elements.forEach((e) => merge(boards[i]!, e))),
    );
    // Every client writes every shape three times over, all at once.
    await Promise.all(
      clients.map(async (s, i) => {
        for (let v = 1; v <= 3; v++) {
          const mine = shared.map((e) => ({
            ...e,
            version: v,
            versionNonce: Math.floor(Math.random() * 2 ** 31),
            x: i * 1000 + v,
          }));
          mine.forEach((e) => merge(boards[i]!, e));
          const ack = await s.emitWithAck('whiteboard-update', {
            roomId: room.id,
            elements: mine,
          });
          if (!ack.ok) throw new Error(ack.message);
          ack.stale.forEach((e) => merge(boards[i]!, e));
        }
      }),
    );
    await settle(clients);
    const stored = byId(await readBoard(clients[0]!, room.id));
    expect(stored.size).toBe(shared.length);
    for (const board of boards) {
      for (const e of shared) expect(board.get(e.id)).toEqual(stored.get(e.id));
    }
  });

  it('gives a non-member nothing and takes nothing from them', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const stranger = await roomWithMembers(t, 0);
    const member = await open(owner.token);
    const outsider = await open(stranger.owner.token);
    await readBoard(member, room.id);
    const heard = {
      updates: record(outsider, 'whiteboard-update'),
      pointers: record(outsider, 'whiteboard-pointer'),
      errors: record(outsider, 'server-error'),
    };

    expect(await outsider.emitWithAck('whiteboard-join', { roomId: room.id })).toMatchObject({
      ok: false,
      code: ERROR_CODES.forbidden,
    });
    expect(
      await outsider.emitWithAck('whiteboard-update', { roomId: room.id, elements: [rect()] }),
    ).toEqual({
      ok: false,
      code: REALTIME_ERROR_CODES.notInRoom,
      message: WHITEBOARD_MESSAGES.notOnBoard,
    });
    outsider.emit('whiteboard-pointer', { roomId: room.id, x: 1, y: 2, button: 'up' });
    await member.emitWithAck('whiteboard-update', { roomId: room.id, elements: [rect()] });
    member.emit('whiteboard-pointer', { roomId: room.id, x: 1, y: 2, button: 'up' });
    await settle([member, outsider]);
    expect(heard.updates).toEqual([]);
    expect(heard.pointers).toEqual([]);
    expect(heard.errors).toMatchObject([
      { code: REALTIME_ERROR_CODES.notInRoom, event: 'whiteboard-pointer' },
    ]);
    expect(await readBoard(member, room.id)).toHaveLength(1);
  });

  it('relays pointers with the sender’s name, and says when a socket leaves the board', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await open(owner.token);
    const b = await open(members[0]!.token);
    await readBoard(a, room.id);
    await readBoard(b, room.id);
    const pointer = next(b, 'whiteboard-pointer');
    a.emit('whiteboard-pointer', {
      roomId: room.id,
      x: 12.5,
      y: -4,
      button: 'down',
      tool: 'laser',
    });
    expect(await pointer).toEqual({
      roomId: room.id,
      id: a.id,
      userId: owner.user.id,
      name: owner.user.name,
      x: 12.5,
      y: -4,
      button: 'down',
      tool: 'laser',
    });
    const left = next(b, 'whiteboard-peer-left');
    expect(await a.emitWithAck('whiteboard-leave', { roomId: room.id })).toEqual({ ok: true });
    expect(await left).toEqual({ roomId: room.id, id: a.id });
    const gone = next(b, 'whiteboard-peer-left');
    const c = await open(owner.token);
    await readBoard(c, room.id);
    c.disconnect();
    expect(await gone).toEqual({ roomId: room.id, id: expect.any(String) });
  });

  it('lets a screen follow another’s view: the followed one is told, its view reaches the board', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const leader = await open(owner.token);
    const follower = await open(members[0]!.token);
    const elsewhere = await open(members[1]!.token);
    for (const s of [leader, follower]) await readBoard(s, room.id);
    const told = next(leader, 'whiteboard-followed');
    expect(
      await follower.emitWithAck('whiteboard-follow', {
        roomId: room.id,
        target: leader.id!,
        following: true,
      }),
    ).toEqual({ ok: true });
    expect(await told).toEqual({ roomId: room.id, by: follower.id, following: true });

    const view = next(follower, 'whiteboard-view');
    leader.emit('whiteboard-view', { roomId: room.id, bounds: [-100, -50, 700, 450] });
    expect(await view).toEqual({ roomId: room.id, id: leader.id, bounds: [-100, -50, 700, 450] });
    const stopped = next(leader, 'whiteboard-followed');
    await follower.emitWithAck('whiteboard-follow', {
      roomId: room.id,
      target: leader.id!,
      following: false,
    });
    expect(await stopped).toEqual({ roomId: room.id, by: follower.id, following: false });

    // A member not on the board can be neither followed nor told; an outsider's socket id is
    // no way to reach anyone. A view without a size is refused.
    const heard = record(elsewhere, 'whiteboard-followed');
    expect(
      await follower.emitWithAck('whiteboard-follow', {
        roomId: room.id,
        target: elsewhere.id!,
        following: true,
      }),
    ).toEqual({
      ok: false,
      code: REALTIME_ERROR_CODES.notInRoom,
      message: WHITEBOARD_MESSAGES.notOnBoard,
    });
    expect(
      await elsewhere.emitWithAck('whiteboard-follow', {
        roomId: room.id,
        target: leader.id!,
        following: true,
      }),
    ).toMatchObject({ ok: false, code: REALTIME_ERROR_CODES.notInRoom });
    const errors = record(leader, 'server-error');
    leader.emit('whiteboard-view', { roomId: room.id, bounds: [10, 10, 10, 20] });
    await settle([leader, follower, elsewhere]);
    expect(heard).toEqual([]);
    expect(errors).toMatchObject([{ event: 'whiteboard-view' }]);
  });

  it('takes a member who leaves the room off the board at once', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const stays = await open(owner.token);
    const leaver = await open(members[0]!.token);
    await readBoard(stays, room.id);
    await readBoard(leaver, room.id);
    const removed = next(leaver, 'removed-from-room');
    const leaverHeard = record(leaver, 'whiteboard-update');
    const res = await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, {
      token: members[0]!.token,
    });
    expect(res.status).toBe(200);
    expect(await removed).toMatchObject({ roomId: room.id });
    expect(
      await leaver.emitWithAck('whiteboard-update', { roomId: room.id, elements: [rect()] }),
    ).toMatchObject({ ok: false, code: REALTIME_ERROR_CODES.notInRoom });
    expect(
      await leaver.emitWithAck('whiteboard-join', { roomId: room.id, after: 'x' }),
    ).toMatchObject({ ok: false, code: ERROR_CODES.forbidden });
    await stays.emitWithAck('whiteboard-update', { roomId: room.id, elements: [rect()] });
    await settle([leaver]);
    expect(leaverHeard).toEqual([]);
  });

  it('refuses bad elements and oversized updates with a clear answer', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await open(owner.token);
    await readBoard(a, room.id);
    const refusals = [
      [rect({ type: 'image' } as never)],
      [rect({ type: 'embeddable', link: 'https://example.com' } as never)],
      [{ ...rect(), version: 0 }],
      [{ ...rect(), id: 'a b' }],
      [{ ...rect(), points: Array.from({ length: 5000 }, (_, i) => [i, i]) }],
      Array.from({ length: WHITEBOARD_LIMITS.updateMaxElements + 1 }, () => rect()),
      [],
    ];
    for (const elements of refusals) {
      const ack = await a.emitWithAck('whiteboard-update', { roomId: room.id, elements });
      expect(ack).toMatchObject({ ok: false, code: ERROR_CODES.validation });
    }
    expect(await readBoard(a, room.id)).toEqual([]);
  });

  it('reads a large board in pages and refuses new shapes past the cap', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await open(owner.token);
    await readBoard(a, room.id);
    // Filled through the service (the socket path is the same call): the cap, less one.
    const fill = Array.from({ length: WHITEBOARD_LIMITS.boardMaxElements - 1 }, () => rect());
    for (let i = 0; i < fill.length; i += 500) {
      await t.app.services.whiteboard.apply(room.id, fill.slice(i, i + 500));
    }
    const board = await readBoard(a, room.id);
    expect(board).toHaveLength(fill.length);
    expect(new Set(board.map((e) => e.id))).toEqual(new Set(fill.map((e) => e.id)));

    const [last, over] = [rect(), rect()];
    const ack = await a.emitWithAck('whiteboard-update', {
      roomId: room.id,
      elements: [last, over],
    });
    expect(ack).toEqual({ ok: true, stale: [], refused: [over.id] });
    // Deleting one makes room again; editing an existing one is always allowed.
    const edits = [
      { ...fill[0]!, version: 2, isDeleted: true },
      { ...fill[1]!, version: 2, x: -1 },
      over,
    ];
    expect(await a.emitWithAck('whiteboard-update', { roomId: room.id, elements: edits })).toEqual({
      ok: true,
      stale: [],
      refused: [],
    });
  });
});

describe('the whiteboard across a server restart', () => {
  const env = { JWT_SECRET: 'whiteboard-restart-secret-0123456789abcdef' };
  let dir: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  let reopen: () => Promise<Database>;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      // PostgreSQL keeps the rows; each app is a new process's worth of state.
      const opened = await openTestDatabase();
      drop = opened.drop;
      reopen = async () => opened.database;
    } else {
      // PGlite on disk, closed and opened again: the rows must be in its files.
      dir = mkdtempSync(join(tmpdir(), 'sc-whiteboard-'));
      reopen = () => openDatabase({ dataDir: dir! });
    }
  });
  afterAll(async () => {
    await drop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged change', async () => {
    const first = await startTestApp({ env, database: await reopen() });
    const { room, owner } = await roomWithMembers(first, 0);
    const socket = await connected(first.baseUrl, owner.token);
    await readBoard(socket, room.id);
    const elements = Array.from({ length: 30 }, () => rect());
    const acks = [];
    for (const e of elements) {
      acks.push(await socket.emitWithAck('whiteboard-update', { roomId: room.id, elements: [e] }));
    }
    expect(acks.every((a) => a.ok)).toBe(true);
    socket.disconnect();
    await first.close();
    if (dir) await first.database.close();

    const second = await startTestApp({ env, database: await reopen() });
    try {
      const again = await connected(second.baseUrl, owner.token);
      const board = await readBoard(again, room.id);
      again.disconnect();
      expect(byId(board)).toEqual(byId(elements));
    } finally {
      await second.close();
      if (dir) await second.database.close();
    }
  });
});
