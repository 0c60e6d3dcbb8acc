import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_ERROR_CODES } from '@studycircle/shared';
import { whiteboardElementWins, type WhiteboardElement } from '@studycircle/shared/whiteboard';
import { http, startTwoNodes, type TestApp } from '../../test/app.js';
import {
  connected,
  next,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
} from '../../test/live.js';

/**
 * The whiteboard on two server nodes sharing one database and one Redis: members on different
 * nodes draw at once and end with the same board as the database, pointers cross nodes, and a
 * member who leaves through one node is taken off the board on the other. vitest.config.ts
 * includes this file only when REDIS_URL is set.
 */

async function readBoard(socket: LiveClient, roomId: string): Promise<WhiteboardElement[]> {
  const all: WhiteboardElement[] = [];
  let after: string | undefined;
  for (;;) {
    const ack = await socket.emitWithAck('whiteboard-join', after ? { roomId, after } : { roomId });
    if (!ack.ok) throw new Error(`join refused: ${ack.code}`);
    all.push(...ack.elements);
    if (ack.next === null) return all;
    after = ack.next;
  }
}

function shape(id: string, version: number, versionNonce: number, x: number): WhiteboardElement {
  return {
    id,
    type: 'rectangle',
    x,
    y: 0,
    width: 10,
    height: 10,
    version,
    versionNonce,
    isDeleted: false,
  };
}

describe('the whiteboard across nodes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    ({ a, b } = await startTwoNodes());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('members on two nodes draw at once and stay in step with the stored board', async () => {
    const { room, owner, members } = await roomWithMembers(a, 2);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    const watcherOnB = await connected(b.baseUrl, members[1]!.token);
    const clients = [onA, onB, watcherOnB];
    try {
      for (const s of clients) await readBoard(s, room.id);
      const boards = clients.map(() => new Map<string, WhiteboardElement>());
      const merge = (i: number, e: WhiteboardElement) => {
        if (whiteboardElementWins(e, boards[i]!.get(e.id))) boards[i]!.set(e.id, e);
      };
      clients.forEach((s, i) =>
        s.on('whiteboard-update', (u) => u.elements.forEach((e) => merge(i, e))),
      );

      const ids = Array.from({ length: 10 }, (_, i) => `shared-${i}`);
      await Promise.all(
        [onA, onB].map(async (s, i) => {
          for (let v = 1; v <= 5; v++) {
            const elements = ids.map((id) =>
              shape(id, v, Math.floor(Math.random() * 2 ** 31), i * 100 + v),
            );
            elements.forEach((e) => merge(i, e));
            const ack = await s.emitWithAck('whiteboard-update', { roomId: room.id, elements });
            if (!ack.ok) throw new Error(ack.message);
            ack.stale.forEach((e) => merge(i, e));
          }
        }),
      );
      // Pointers are volatile: one that onA's socket cannot take at once (it may still be
      // writing the updates above) is dropped, and the next replaces it, as while a hand moves.
      const pointer = next(onA, 'whiteboard-pointer');
      const move = () =>
        onB.emit('whiteboard-pointer', { roomId: room.id, x: 5, y: 6, button: 'up' });
      move();
      const moving = setInterval(move, 100);
      try {
        expect(await pointer).toMatchObject({
          id: onB.id,
          name: members[0]!.user.name,
          x: 5,
          y: 6,
        });
      } finally {
        clearInterval(moving);
      }

      const stored = new Map((await readBoard(onA, room.id)).map((e) => [e.id, e]));
      expect(stored.size).toBe(ids.length);
      // Broadcasts to the other node go through Redis and may land a moment after the acks.
      const inStep = () =>
        boards.every((board) =>
          ids.every((id) => isDeepStrictEqual(board.get(id), stored.get(id))),
        );
      await expect.poll(inStep, { timeout: 5000 }).toBe(true);
      for (const board of boards) {
        for (const id of ids) expect(board.get(id)).toEqual(stored.get(id));
      }
    } finally {
      clients.forEach((s) => s.disconnect());
    }
  });

  it('a member leaving through one node is taken off the board on the other', async () => {
    const { room, owner, members } = await roomWithMembers(a, 2);
    const stays = await connected(a.baseUrl, owner.token);
    const leaverOnB = await connected(b.baseUrl, members[0]!.token);
    const watcherOnB = await connected(b.baseUrl, members[1]!.token);
    try {
      for (const s of [stays, leaverOnB, watcherOnB]) await readBoard(s, room.id);
      const removed = next(leaverOnB, 'removed-from-room');
      const heard = record(leaverOnB, 'whiteboard-update');
      const left = await http(a.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, {
        token: members[0]!.token,
      });
      expect(left.status).toBe(200);
      expect(await removed).toMatchObject({ roomId: room.id });
      expect(
        await leaverOnB.emitWithAck('whiteboard-update', {
          roomId: room.id,
          elements: [shape('after-leaving', 1, 1, 0)],
        }),
      ).toMatchObject({ ok: false, code: REALTIME_ERROR_CODES.notInRoom });
      const watcherHeard = next(watcherOnB, 'whiteboard-update');
      await stays.emitWithAck('whiteboard-update', {
        roomId: room.id,
        elements: [shape('for-members', 1, 1, 0)],
      });
      // A member's socket on the leaver's node hears the broadcast: the leaver would have by now.
      expect(await watcherHeard).toMatchObject({ elements: [{ id: 'for-members' }] });
      await settle([leaverOnB]);
      expect(heard).toEqual([]);
    } finally {
      for (const s of [stays, leaverOnB, watcherOnB]) s.disconnect();
    }
  });
});
