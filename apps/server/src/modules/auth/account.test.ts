import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, MESSAGES, RoomResponseSchema, type Room } from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';

/**
 * DELETE /api/auth/account over real HTTP: the password confirms it, the user and their sessions
 * are gone, rooms they owned pass to the longest-standing admin (else member) or are deleted when
 * empty, and the member counts of rooms they were in drop by one.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  http(t.baseUrl, method, path, { token, body });

async function createRoom(token: string, name: string): Promise<Room> {
  const res = await call('POST', '/api/rooms', token, { name, subject: 'Math' });
  expect(res.status).toBe(201);
  return RoomResponseSchema.parse(res.body).room;
}

async function roomFor(token: string, id: string) {
  const res = await call('GET', `/api/rooms/${id}`, token);
  return { status: res.status, room: res.body.room as Room | undefined };
}

describe('DELETE /api/auth/account', () => {
  it('needs a signed-in user and the right password', async () => {
    const me = await registerUser(t.baseUrl);
    expect(
      (await call('DELETE', '/api/auth/account', undefined, { password: me.password })).status,
    ).toBe(401);
    const missing = await call('DELETE', '/api/auth/account', me.token, {});
    expect([missing.status, missing.body.message]).toEqual([400, MESSAGES.passwordRequired]);
    const wrong = await call('DELETE', '/api/auth/account', me.token, { password: 'Nope12345' });
    expect([wrong.status, wrong.body.message]).toEqual([400, ACCOUNT_MESSAGES.passwordIncorrect]);
    const noBody = await http(t.baseUrl, 'DELETE', '/api/auth/account', { token: me.token });
    expect(noBody.status).toBe(400);
    // Still there: the profile answers.
    expect((await call('GET', '/api/auth/profile', me.token)).status).toBe(200);
  });

  it('deletes the user, ends their sessions and frees their address', async () => {
    const me = await registerUser(t.baseUrl);
    const res = await call('DELETE', '/api/auth/account', me.token, { password: me.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true });
    expect((await call('GET', '/api/auth/profile', me.token)).status).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: me.user.email,
      password: me.password,
    });
    expect(login.status).toBe(401);
    // The address can sign up again as a new account.
    const again = await registerUser(t.baseUrl, { email: me.user.email });
    expect(again.user.id).not.toBe(me.user.id);
  });

  it('hands owned rooms to the longest-standing admin, else member; deletes empty ones', async () => {
    const leaver = await registerUser(t.baseUrl, { name: 'Leaver' });
    const early = await registerUser(t.baseUrl, { name: 'Early member' });
    const admin = await registerUser(t.baseUrl, { name: 'Later admin' });
    const stayer = await registerUser(t.baseUrl, { name: 'Room owner who stays' });

    const withAdmin = await createRoom(leaver.token, 'Has an admin');
    const membersOnly = await createRoom(leaver.token, 'Members only');
    const empty = await createRoom(leaver.token, 'Nobody else');
    const elsewhere = await createRoom(stayer.token, 'Someone else owns it');

    for (const [who, room] of [
      [early, withAdmin],
      [admin, withAdmin],
      [early, membersOnly],
      [admin, membersOnly],
      [leaver, elsewhere],
    ] as const) {
      expect((await call('POST', '/api/rooms/join', who.token, { code: room.code })).status).toBe(
        200,
      );
    }
    const promote = await call(
      'PATCH',
      `/api/rooms/${withAdmin.id}/members/${admin.user.id}`,
      leaver.token,
      { role: 'admin' },
    );
    expect(promote.status).toBe(200);
    await createRoom(leaver.token, 'Also nobody else');
    const res = await call('DELETE', '/api/auth/account', leaver.token, {
      password: leaver.password,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ handedOverRooms: 2, deletedRooms: 2 });

    const a = await roomFor(admin.token, withAdmin.id);
    expect(a.room).toMatchObject({ ownerId: admin.user.id, userRole: 'owner', members: 2 });
    const b = await roomFor(early.token, membersOnly.id);
    expect(b.room).toMatchObject({ ownerId: early.user.id, userRole: 'owner', members: 2 });
    expect((await roomFor(stayer.token, empty.id)).status).toBe(404);
    const c = await roomFor(stayer.token, elsewhere.id);
    expect(c.room).toMatchObject({ ownerId: stayer.user.id, members: 1 });

    const members = await call('GET', `/api/rooms/${withAdmin.id}/members`, admin.token);
    const list = members.body.members as { userId?: string; id?: string; role: string }[];
    expect(list).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain(leaver.user.id);
  });
});
