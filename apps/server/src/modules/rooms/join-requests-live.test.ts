import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { connected, newUser, next, record, type LiveClient } from '../../test/live.js';

/**
 * Requests to join told live (docs/decisions/0067-ask-to-join.md): the room's owner and admins
 * hear of a request on every device at once, the asker hears the answer, and nobody else hears
 * anything. Real HTTP and Socket.IO clients.
 */

describe('requests to join, live', () => {
  let t: TestApp;
  const sockets: LiveClient[] = [];
  const socketOf = async (token: string) => {
    const socket = await connected(t.baseUrl, token);
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t?.close();
  });

  it('reach the owner and admins on every device, and the answer reaches the asker', async () => {
    const [owner, admin, member, asker] = await Promise.all([
      newUser(t),
      newUser(t),
      newUser(t),
      newUser(t),
    ]);
    const created = await http<{ room: Room }>(t.baseUrl, 'POST', '/api/rooms', {
      token: owner.token,
      body: { name: 'Private study', subject: 'Biology', visibility: 'private' },
    });
    const room = created.body.room;
    for (const u of [admin, member]) {
      await http(t.baseUrl, 'POST', '/api/rooms/join', {
        token: u.token,
        body: { code: room.code },
      });
    }
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

    const ownerPhone = await socketOf(owner.token);
    const ownerLaptop = await socketOf(owner.token);
    const adminSocket = await socketOf(admin.token);
    const memberSocket = await socketOf(member.token);
    const askerSocket = await socketOf(asker.token);
    const memberHeard = record(memberSocket, 'room-join-requests');
    const askerHeard = record(askerSocket, 'room-join-requests');

    const heard = Promise.all(
      [ownerPhone, ownerLaptop, adminSocket].map((s) => next(s, 'room-join-requests')),
    );
    const asked = await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/join-requests`, {
      token: asker.token,
    });
    expect(asked.status).toBe(201);
    for (const payload of await heard) {
      expect(payload).toEqual({
        roomId: room.id,
        roomName: 'Private study',
        requester: { id: asker.user.id, name: asker.user.name },
      });
    }

    // The admin lets them in: the asker hears it, the owner's list is read again.
    const answered = next(askerSocket, 'room-join-answered');
    const ownerRefresh = next(ownerPhone, 'room-join-requests');
    const accepted = await http(
      t.baseUrl,
      'POST',
      `/api/rooms/${room.id}/join-requests/${asker.user.id}/accept`,
      { token: admin.token },
    );
    expect(accepted.status).toBeLessThan(300);
    expect(await answered).toEqual({ roomId: room.id, roomName: 'Private study', accepted: true });
    expect(await ownerRefresh).toEqual({ roomId: room.id, roomName: 'Private study' });

    // A plain member and the asker never hear of the requests themselves.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(memberHeard).toEqual([]);
    expect(askerHeard).toEqual([]);
  });

  it('tells the asker when they are turned down', async () => {
    const [owner, asker] = await Promise.all([newUser(t), newUser(t)]);
    const created = await http<{ room: Room }>(t.baseUrl, 'POST', '/api/rooms', {
      token: owner.token,
      body: { name: 'Quiet room', subject: 'Maths', visibility: 'private' },
    });
    const room = created.body.room;
    const askerSocket = await socketOf(asker.token);
    await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/join-requests`, { token: asker.token });
    const answered = next(askerSocket, 'room-join-answered');
    const declined = await http(
      t.baseUrl,
      'DELETE',
      `/api/rooms/${room.id}/join-requests/${asker.user.id}`,
      { token: owner.token },
    );
    expect(declined.status).toBeLessThan(300);
    expect(await answered).toEqual({ roomId: room.id, roomName: 'Quiet room', accepted: false });
  });
});
