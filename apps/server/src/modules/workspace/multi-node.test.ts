import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceItemResponseSchema } from '@studycircle/shared';
import { http, startTwoNodes, type TestApp } from '../../test/app.js';
import { connected, next, record, roomWithMembers, settle } from '../../test/live.js';
import { pushOk, put, recordId } from '../../test/sync.js';

/**
 * The room workspace on two server nodes sharing one database and one Redis: a share made on one
 * node reaches a member's socket on the other, and a member who leaves through one node is
 * refused on the other at the very next request (membership is read from the database every
 * time, not remembered by a node). vitest.config.ts includes this file only when REDIS_URL is set.
 */
describe('the room workspace across nodes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    ({ a, b } = await startTwoNodes());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a share on one node reaches members on the other; leaving on one ends access on the other', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const member = members[0]!;
    const watcherOnB = await connected(b.baseUrl, owner.token);
    const leaverOnB = await connected(b.baseUrl, member.token);
    try {
      for (const socket of [watcherOnB, leaverOnB]) {
        expect(await socket.emitWithAck('join-chat', { roomId: room.id })).toMatchObject({
          ok: true,
        });
      }
      const id = recordId('textNote');
      await pushOk(a.baseUrl, member.token, [put('textNote', id)]);
      const change = next(watcherOnB, 'workspace-changed');
      const shared = await http(a.baseUrl, 'POST', `/api/rooms/${room.id}/workspace`, {
        token: member.token,
        body: { kind: 'textNote', id },
      });
      expect(shared.status).toBe(201);
      expect(await change).toEqual({ roomId: room.id });
      const item = WorkspaceItemResponseSchema.parse(shared.body).item;

      const listOnB = await http(b.baseUrl, 'GET', `/api/rooms/${room.id}/workspace`, {
        token: member.token,
      });
      expect(listOnB.status).toBe(200);

      const leaverSaw = record(leaverOnB, 'workspace-changed');
      const left = next(watcherOnB, 'workspace-changed');
      expect(
        (await http(a.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, { token: member.token }))
          .status,
      ).toBe(200);
      // The very next request on the other node is refused.
      expect(
        (
          await http(b.baseUrl, 'GET', `/api/rooms/${room.id}/workspace`, {
            token: member.token,
          })
        ).status,
      ).toBe(403);
      // Their share left with them, and the owner's socket on the other node was told.
      expect(await left).toEqual({ roomId: room.id });
      const ownersList = await http<{ items: { id: string }[] }>(
        b.baseUrl,
        'GET',
        `/api/rooms/${room.id}/workspace`,
        { token: owner.token },
      );
      expect(ownersList.body.items.map((i) => i.id)).not.toContain(item.id);
      await settle([leaverOnB]);
      expect(leaverSaw).toEqual([]);
    } finally {
      watcherOnB.disconnect();
      leaverOnB.disconnect();
    }
  });
});
