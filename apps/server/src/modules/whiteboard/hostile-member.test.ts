import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@studycircle/shared';
import {
  WHITEBOARD_LIMITS,
  WHITEBOARD_MESSAGES,
  type WhiteboardElement,
} from '@studycircle/shared/whiteboard';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { connected, next, roomWithMembers, settle, type LiveClient } from '../../test/live.js';

/**
 * The whiteboard under a member who sends what no browser would
 * (docs/decisions/0042-whiteboard-bounds.md): versions that jump to make a shape nobody can
 * outbid, elements Excalidraw cannot draw, a flood of tombstones, a copy that differs at the same
 * stamp; and the owner's way out, clearing the board (docs/decisions/0043-clear-board.md). Real app, real Socket.IO clients, PGlite in memory (or DATABASE_URL).
 */

let counter = 0;
function rect(over: Record<string, unknown> = {}): WhiteboardElement {
  counter += 1;
  return {
    id: `hm-${counter}-${Math.random().toString(36).slice(2, 8)}`,
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
    updated: 1_700_000_000_000,
    ...over,
  } as WhiteboardElement;
}

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

describe('the whiteboard under a hostile member', () => {
  let t: TestApp;
  const sockets: LiveClient[] = [];
  const open = async (token: string) => {
    const s = await connected(t.baseUrl, token);
    sockets.push(s);
    return s;
  };
  const update = (s: LiveClient, roomId: string, elements: unknown[]) =>
    s.emitWithAck('whiteboard-update', { roomId, elements: elements as WhiteboardElement[] });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  it('bounds how far one update raises a version, so nobody can make a shape permanent', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const [a, b] = [await open(owner.token), await open(members[0]!.token)];
    await readBoard(a, room.id);
    await readBoard(b, room.id);
    const step = WHITEBOARD_LIMITS.versionStepMax;
    const tooFar = {
      ok: false,
      code: ERROR_CODES.validation,
      message: WHITEBOARD_MESSAGES.versionTooFar,
    };

    // The probe: a board of shapes at the largest version, which no edit or delete could beat.
    expect(await update(b, room.id, [rect({ version: Number.MAX_SAFE_INTEGER })])).toEqual(tooFar);
    expect(await update(b, room.id, [rect({ version: step + 1 })])).toEqual(tooFar);
    // One too far refuses the whole update: nothing of it is stored.
    expect(await update(b, room.id, [rect(), rect({ version: step + 1 })])).toEqual(tooFar);
    expect(await readBoard(a, room.id)).toEqual([]);

    const mine = rect({ version: 3 });
    expect(await update(a, room.id, [mine])).toMatchObject({ ok: true, stale: [] });
    // Another member may change it (that is collaboration), by at most the step at a time ...
    const taken = { ...mine, x: -500, version: 3 + step };
    expect(await update(b, room.id, [taken])).toEqual({ ok: true, stale: [], refused: [] });
    expect(await update(b, room.id, [{ ...taken, version: 3 + 2 * step + 1 }])).toEqual(tooFar);
    // ... so the owner's next change, one version on, wins it back.
    const back = { ...taken, x: 0, version: taken.version + 1, isDeleted: true };
    expect(await update(a, room.id, [back])).toEqual({ ok: true, stale: [], refused: [] });
    expect(await readBoard(b, room.id)).toEqual([back]);
  });

  it('refuses elements Excalidraw cannot draw and drops fields it would misread', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await open(owner.token);
    const b = await open(members[0]!.token);
    await readBoard(a, room.id);
    await readBoard(b, room.id);
    const invalid = {
      ok: false,
      code: ERROR_CODES.validation,
      message: WHITEBOARD_MESSAGES.elementInvalid,
    };
    const refused: unknown[] = [
      // Each of these, stored once, made the board open empty (or close) for every member.
      rect({ type: 'freedraw', points: 'abc' }),
      rect({ type: 'freedraw', points: [[0, 'x']] }),
      rect({ type: 'freedraw' }),
      rect({ type: 'text', text: 'hi', fontFamily: 'Virgil' }),
      rect({ type: 'text', text: 42 }),
      rect({ type: 'text', text: 'hi', fontSize: -3 }),
      rect({ type: 'text', text: 'hi', textAlign: 'justify' }),
      rect({ boundElements: 'abc' }),
      rect({ boundElements: [{ id: 'x', type: 'image' }] }),
      rect({ groupIds: 'abc' }),
      rect({ roundness: { type: 9 } }),
      rect({ strokeWidth: 'wide' }),
      rect({ x: null }),
      rect({ x: 1e12 }),
      rect({ opacity: 1000 }),
      rect({ fillStyle: 'plaid' }),
      rect({ index: '../a' }),
      rect({ type: 'arrow', startBinding: { elementId: 'x' } }),
      rect({ type: 'arrow', endArrowhead: 'rocket' }),
      rect({
        type: 'line',
        points: Array.from({ length: WHITEBOARD_LIMITS.pointsMax + 1 }, () => [0, 0]),
      }),
      rect({ type: 'text', text: 'y'.repeat(WHITEBOARD_LIMITS.textMax + 1) }),
    ];
    for (const element of refused) {
      expect(await update(b, room.id, [element]), JSON.stringify(element).slice(0, 120)).toEqual(
        invalid,
      );
    }
    expect(await readBoard(a, room.id)).toEqual([]);

    // Legacy fields restoreElements still migrates (and threw on): dropped, the shape kept.
    const text = rect({ type: 'text', text: 'hello', font: 123, boundElementIds: 'abc' });
    const arrived = next(a, 'whiteboard-update');
    expect(await update(b, room.id, [text])).toEqual({ ok: true, stale: [], refused: [] });
    const relayed = (await arrived).elements[0]!;
    expect(relayed).not.toHaveProperty('font');
    expect(relayed).not.toHaveProperty('boundElementIds');
    const [stored] = await readBoard(a, room.id);
    expect(stored).toEqual(relayed);
    expect(stored).toMatchObject({ id: text.id, type: 'text', text: 'hello' });
  });

  it('answers a second copy at the same version and nonce with the stored one', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await open(owner.token);
    const b = await open(members[0]!.token);
    await readBoard(a, room.id);
    await readBoard(b, room.id);
    const first = rect({ version: 2, versionNonce: 77, x: 1 });
    expect(await update(a, room.id, [first])).toEqual({ ok: true, stale: [], refused: [] });
    // Same stamp, other content: the server keeps the first, and says so, as for an older copy.
    const twin = { ...first, x: 999, strokeColor: '#ff0000' };
    expect(await update(b, room.id, [twin])).toEqual({ ok: true, stale: [first], refused: [] });
    expect(await readBoard(a, room.id)).toEqual([first]);
  });

  it('keeps no shape born deleted, and compacts the oldest tombstones past the cap', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await open(owner.token);
    await readBoard(a, room.id);
    // The probe: shapes created already deleted never counted towards the cap.
    const ghosts = Array.from({ length: 50 }, () => rect({ isDeleted: true }));
    expect(await update(a, room.id, ghosts)).toEqual({ ok: true, stale: [], refused: [] });
    expect(await readBoard(a, room.id)).toEqual([]);

    // A board of tombstones at the cap (filled through the service: the socket path is the same
    // call), then ten more shapes drawn and deleted: the ten oldest tombstones go.
    const cap = WHITEBOARD_LIMITS.boardMaxTombstones;
    const old = Array.from({ length: cap }, () => rect());
    for (let i = 0; i < old.length; i += 500) {
      await t.app.services.whiteboard.apply(room.id, old.slice(i, i + 500));
    }
    expect(await t.app.services.whiteboard.clear(room.id, owner.user.id)).toEqual({
      roomId: room.id,
      deleted: cap,
    });
    const fresh = Array.from({ length: 10 }, () => rect());
    expect(await update(a, room.id, fresh)).toMatchObject({ ok: true });
    const gone = fresh.map((e) => ({ ...e, version: 2, isDeleted: true }));
    expect(await update(a, room.id, gone)).toEqual({ ok: true, stale: [], refused: [] });

    const board = await readBoard(a, room.id);
    expect(board).toHaveLength(cap);
    expect(board.every((e) => e.isDeleted)).toBe(true);
    const ids = new Set(board.map((e) => e.id));
    for (const e of fresh) expect(ids.has(e.id)).toBe(true);
  });

  it('lets the owner and an admin clear the board for every member, and nobody else', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const [admin, member] = members as [(typeof members)[0], (typeof members)[0]];
    const promoted = await http(
      t.baseUrl,
      'PATCH',
      `/api/rooms/${room.id}/members/${admin.user.id}`,
      {
        token: owner.token,
        body: { role: 'admin' },
      },
    );
    expect(promoted.status).toBe(200);
    const [o, ad, m] = [await open(owner.token), await open(admin.token), await open(member.token)];
    // The first page says who may clear (to show the control); the event checks again.
    for (const [s, canClear] of [
      [o, true],
      [ad, true],
      [m, false],
    ] as const) {
      expect(await s.emitWithAck('whiteboard-join', { roomId: room.id })).toMatchObject({
        ok: true,
        canClear,
      });
    }
    const shapes = [rect(), rect({ version: 40 }), rect({ type: 'text', text: 'hi' })];
    expect(await update(m, room.id, shapes)).toMatchObject({ ok: true });

    expect(await m.emitWithAck('whiteboard-clear', { roomId: room.id })).toEqual({
      ok: false,
      code: ERROR_CODES.forbidden,
      message: WHITEBOARD_MESSAGES.clearOwnerOrAdminOnly,
    });
    expect((await readBoard(o, room.id)).every((e) => !e.isDeleted)).toBe(true);

    const heard = [o, ad, m].map((s) => next(s, 'whiteboard-cleared'));
    expect(await o.emitWithAck('whiteboard-clear', { roomId: room.id })).toEqual({
      ok: true,
      deleted: 3,
    });
    for (const h of heard) expect(await h).toEqual({ roomId: room.id, by: owner.user.name });
    // Tombstones one version on: every copy of the board drops the shapes by the merge rule,
    // and an older copy sent afterwards cannot bring one back.
    const board = new Map((await readBoard(m, room.id)).map((e) => [e.id, e]));
    for (const e of shapes) {
      expect(board.get(e.id)).toMatchObject({ isDeleted: true, version: e.version + 1 });
    }
    const late = await update(m, room.id, [{ ...shapes[0]!, x: 5 }]);
    expect(late).toEqual({ ok: true, stale: [board.get(shapes[0]!.id)], refused: [] });

    // An admin may clear too; a member not on the board is told to open it first.
    expect(await update(m, room.id, [rect()])).toMatchObject({ ok: true });
    expect(await ad.emitWithAck('whiteboard-clear', { roomId: room.id })).toEqual({
      ok: true,
      deleted: 1,
    });
    const stranger = await open((await roomWithMembers(t, 0)).owner.token);
    expect(await stranger.emitWithAck('whiteboard-clear', { roomId: room.id })).toMatchObject({
      ok: false,
      message: WHITEBOARD_MESSAGES.notOnBoard,
    });
    await settle([o, ad, m]);
  });
});
