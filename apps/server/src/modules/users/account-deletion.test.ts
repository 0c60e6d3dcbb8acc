import { existsSync, readdirSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, RoomResponseSchema, type Room } from '@studycircle/shared';
import { startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { connected, type LiveClient } from '../../test/live.js';
import {
  downloadFile,
  fileBytes,
  pullAll,
  pushOk,
  put,
  recordId,
  uploadFile,
} from '../../test/sync.js';

/**
 * Deleting an account as one ordered transaction
 * (docs/decisions/0065-account-deletion-in-one-transaction.md), over real HTTP on PGlite, or on
 * PostgreSQL with DATABASE_URL: an account with rooms it owns, a membership elsewhere, chat,
 * shares, synced records and an upload, reminder settings, invitations, sessions and open links
 * leaves nothing behind, and its rooms are handed over as before (decision 0013). When one step
 * fails (a trigger created here raises on one table's delete), nothing is deleted: the reply is
 * the standard 500, and the user still signs in to all of their data.
 */

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.test' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type User = Awaited<ReturnType<typeof registerUser>>;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  http(t.baseUrl, method, path, { token, body });

async function createRoom(token: string, name: string): Promise<Room> {
  const res = await call('POST', '/api/rooms', token, { name, subject: 'Biology' });
  expect(res.status).toBe(201);
  return RoomResponseSchema.parse(res.body).room;
}

async function join(user: User, room: Room) {
  const res = await call('POST', '/api/rooms/join', user.token, { code: room.code });
  expect(res.status).toBe(200);
}

async function roomAs(token: string, id: string) {
  const res = await call('GET', `/api/rooms/${id}`, token);
  return { status: res.status, room: res.body.room as Room | undefined };
}

async function say(user: User, room: Room, text: string) {
  const socket: LiveClient = await connected(t.baseUrl, user.token);
  try {
    // The first message to a room the socket has not joined checks membership and subscribes.
    const ack = (await socket.emitWithAck('chat-message', { roomId: room.id, text })) as {
      ok: boolean;
    };
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
  } finally {
    socket.disconnect();
  }
}

/** How many rows of each table the account still has, read straight from the database. */
async function footprint(user: User): Promise<Record<string, number>> {
  const { id, email } = user.user;
  const result = await t.database.db.execute(sql`
    select
      (select count(*) from users where id = ${id})::int as users,
      (select count(*) from device_sessions where user_id = ${id})::int as device_sessions,
      (select count(*) from email_verification_tokens where user_id = ${id})::int as verify_links,
      (select count(*) from password_reset_tokens where user_id = ${id})::int as reset_links,
      (select count(*) from rooms where owner_id = ${id})::int as owned_rooms,
      (select count(*) from room_members where user_id = ${id})::int as memberships,
      (select count(*) from room_messages where user_id = ${id})::int as messages,
      (select count(*) from room_invitations where inviter_id = ${id})::int as sent_invitations,
      (select count(*) from room_invitations where email = ${email})::int as invitations_to_me,
      (select count(*) from room_shares where owner_id = ${id})::int as shares,
      (select count(*) from room_files where uploaded_by = ${id})::int as room_files,
      (select count(*) from sync_records where owner_id = ${id})::int as records,
      (select count(*) from sync_mutations where owner_id = ${id})::int as mutations,
      (select count(*) from stored_files where owner_id = ${id})::int as files,
      (select count(*) from reminder_mail_settings where user_id = ${id})::int as reminders
  `);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

/**
 * A leaver with one of everything: a room handed over (an admin and a member in it), a room
 * nobody else is in, a membership and chat in a room someone else owns, a shared note, synced
 * records with an upload, reminder settings, an invitation sent and one addressed to them, a
 * second device session and an open reset link.
 */
async function leaverWithData() {
  const leaver = await registerUser(t.baseUrl, { name: 'Leaver' });
  const admin = await registerUser(t.baseUrl, { name: 'Admin' });
  const member = await registerUser(t.baseUrl, { name: 'Member' });
  const other = await registerUser(t.baseUrl, { name: 'Other owner' });

  const handed = await createRoom(leaver.token, 'Handed over');
  const lonely = await createRoom(leaver.token, 'Nobody else');
  const elsewhere = await createRoom(other.token, 'Owned by someone else');
  await join(member, handed);
  await join(admin, handed);
  const promote = await call(
    'PATCH',
    `/api/rooms/${handed.id}/members/${admin.user.id}`,
    leaver.token,
    {
      role: 'admin',
    },
  );
  expect(promote.status).toBe(200);
  await join(leaver, elsewhere);

  await say(leaver, elsewhere, 'hello from the leaver');
  await say(other, elsewhere, 'hello from the owner');

  const note = recordId('note');
  const task = recordId('task');
  const file = recordId('file');
  expect((await uploadFile(t.baseUrl, leaver.token, file, fileBytes('png'))).status).toBe(201);
  await pushOk(t.baseUrl, leaver.token, [
    put('task', task),
    put('textNote', note),
    put('fileNote', file),
  ]);
  const share = await call('POST', `/api/rooms/${elsewhere.id}/workspace`, leaver.token, {
    kind: 'textNote',
    id: note,
  });
  expect(share.status).toBe(201);
  // A room file in a room someone else owns, and one in the room that goes with the account.
  for (const room of [elsewhere, lonely]) {
    const uploaded = await fetch(`${t.baseUrl}/api/rooms/${room.id}/files?name=slides.pdf`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${leaver.token}`,
        'content-type': 'application/octet-stream',
      },
      body: '%PDF-1.4\n',
    });
    expect(uploaded.status).toBe(201);
  }

  const reminders = await call('PUT', '/api/me/reminder-mail', leaver.token, {
    enabled: false,
    timeZone: 'Asia/Kolkata',
  });
  expect(reminders.status).toBe(200);

  const sent = await call('POST', `/api/rooms/${handed.id}/invitations`, leaver.token, {
    email: `friend-${Date.now()}@example.com`,
    role: 'member',
  });
  expect(sent.status).toBe(201);
  const inviting = await createRoom(other.token, 'Invites the leaver');
  const toMe = await call('POST', `/api/rooms/${inviting.id}/invitations`, other.token, {
    email: leaver.user.email,
    role: 'member',
  });
  expect(toMe.status).toBe(201);

  const secondDevice = await call('POST', '/api/auth/login', undefined, {
    email: leaver.user.email,
    password: leaver.password,
  });
  expect(secondDevice.status).toBe(200);
  const forgot = await call('POST', '/api/auth/forgot-password', undefined, {
    email: leaver.user.email,
  });
  expect(forgot.status).toBe(200);
  // The link is stored and mailed after the reply (it answers alike for any address): the mail
  // arriving means the row is there.
  await smtp.waitForMailMatching(leaver.user.email, /reset-password\//);

  return { leaver, admin, member, other, handed, lonely, elsewhere, note, task, file };
}

describe('DELETE /api/auth/account, one transaction across the owning modules', () => {
  it('removes everything the account had and hands its rooms over', async () => {
    const d = await leaverWithData();
    const before = await footprint(d.leaver);
    // The fixture holds what it claims to, so the zeros below mean something.
    expect(before).toMatchObject({
      users: 1,
      device_sessions: 2,
      reset_links: 1,
      owned_rooms: 2,
      memberships: 3,
      messages: 1,
      sent_invitations: 1,
      invitations_to_me: 1,
      shares: 1,
      room_files: 2,
      records: 3,
      files: 1,
      reminders: 1,
    });
    expect(before.mutations).toBeGreaterThan(0);
    expect(before.verify_links).toBeGreaterThan(0);
    const elsewhereBefore = (await roomAs(d.other.token, d.elsewhere.id)).room!;

    // Each owner removes its own rows before the user row goes: checked by the database when
    // the user row is deleted, before any ON DELETE CASCADE or SET NULL could do it for them.
    await t.database.db.execute(
      sql.raw(`
        create function assert_account_emptied() returns trigger language plpgsql as $$
        declare leftover text;
        begin
          select string_agg(name, ', ') into leftover from (
            select 'device_sessions' as name from device_sessions where user_id = old.id
            union all select 'email_verification_tokens' from email_verification_tokens
              where user_id = old.id
            union all select 'password_reset_tokens' from password_reset_tokens
              where user_id = old.id
            union all select 'rooms' from rooms where owner_id = old.id
            union all select 'room_members' from room_members where user_id = old.id
            union all select 'room_messages' from room_messages where user_id = old.id
            union all select 'room_invitations' from room_invitations
              where inviter_id = old.id or accepted_by = old.id
                or (email = old.email and accepted_at is null)
            union all select 'room_shares' from room_shares
              where owner_id = old.id or shared_by = old.id
            union all select 'room_files' from room_files where uploaded_by = old.id
            union all select 'sync_records' from sync_records where owner_id = old.id
            union all select 'sync_mutations' from sync_mutations where owner_id = old.id
            union all select 'stored_files' from stored_files where owner_id = old.id
            union all select 'reminder_mail_settings' from reminder_mail_settings
              where user_id = old.id
            union all select 'reminder_mail_sends' from reminder_mail_sends where user_id = old.id
            union all select 'focus_participants' from focus_participants where user_id = old.id
            union all select 'focus_days' from focus_days where user_id = old.id
            union all select 'focus_goals' from focus_goals where user_id = old.id
            union all select 'focus_sessions' from focus_sessions where by_user_id = old.id
            union all select 'room_watch_states' from room_watch_states where by_user_id = old.id
          ) rows;
          if leftover is not null then
            raise exception 'left for the cascade: %', leftover;
          end if;
          return old;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger assert_account_emptied before delete on users
        for each row execute function assert_account_emptied()`),
    );
    let res;
    try {
      res = await call('DELETE', '/api/auth/account', d.leaver.token, {
        password: d.leaver.password,
      });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger assert_account_emptied on users'));
      await t.database.db.execute(sql.raw('drop function assert_account_emptied()'));
    }
    expect([res.status, res.body]).toEqual([
      200,
      { ok: true, handedOverRooms: 1, deletedRooms: 1 },
    ]);

    const after = await footprint(d.leaver);
    expect(Object.entries(after).filter(([, n]) => n !== 0)).toEqual([]);
    // The room files' bytes leave the disk once the deletion is committed: the leaver's in a
    // room that stays, and the folder of the room that went.
    const blobs = t.app.services.roomFileBlobs.root;
    await expect
      .poll(() => [d.elsewhere.id, d.lonely.id].filter((id) => existsSync(joinPath(blobs, id))))
      .toEqual([d.elsewhere.id]);
    expect(readdirSync(joinPath(blobs, d.elsewhere.id))).toEqual([]);

    // The rooms: handed to the admin (not the earlier member), the lonely one gone, one member
    // fewer where the leaver was a member; the owner's chat stays, the leaver's goes.
    const handed = (await roomAs(d.admin.token, d.handed.id)).room!;
    expect([handed.ownerId, handed.userRole, handed.members]).toEqual([
      d.admin.user.id,
      'owner',
      2,
    ]);
    expect((await roomAs(d.admin.token, d.lonely.id)).status).toBe(404);
    const elsewhere = (await roomAs(d.other.token, d.elsewhere.id)).room!;
    expect(elsewhere.members).toBe(elsewhereBefore.members - 1);
    const chat = await call('GET', `/api/rooms/${d.elsewhere.id}/messages`, d.other.token);
    const texts = (chat.body.messages as { text: string }[]).map((m) => m.text);
    expect(texts).toEqual(['hello from the owner']);
    const workspace = await call('GET', `/api/rooms/${d.elsewhere.id}/workspace`, d.other.token);
    expect(workspace.body.items).toEqual([]);

    // Signed out everywhere and unable to sign in.
    expect((await call('GET', '/api/auth/profile', d.leaver.token)).status).toBe(401);
    const login = await call('POST', '/api/auth/login', undefined, {
      email: d.leaver.user.email,
      password: d.leaver.password,
    });
    expect(login.status).toBe(401);
  });

  for (const table of ['sync_records', 'users'] as const) {
    it(`leaves everything as it was when the ${table} step fails`, async () => {
      const d = await leaverWithData();
      const before = await footprint(d.leaver);
      const handedBefore = (await roomAs(d.leaver.token, d.handed.id)).room!;
      const elsewhereBefore = (await roomAs(d.other.token, d.elsewhere.id)).room!;
      const trigger = `refuse_delete_${table}`;
      // A fault in one step, made by the database itself: deleting this account's rows of the
      // table raises (users is the last step, so every other step has already run).
      const idColumn = table === 'users' ? 'id' : 'owner_id';
      await t.database.db.execute(
        sql.raw(`
          create function ${trigger}() returns trigger language plpgsql as $$
          begin
            if old.${idColumn} = '${d.leaver.user.id}' then
              raise exception 'injected fault';
            end if;
            return old;
          end $$`),
      );
      await t.database.db.execute(
        sql.raw(`create trigger ${trigger} before delete on ${table}
          for each row execute function ${trigger}()`),
      );
      try {
        const res = await call('DELETE', '/api/auth/account', d.leaver.token, {
          password: d.leaver.password,
        });
        expect([res.status, res.body]).toEqual([
          500,
          {
            message: MESSAGES.serverError,
            error: MESSAGES.serverError,
            code: ERROR_CODES.internal,
          },
        ]);
      } finally {
        await t.database.db.execute(sql.raw(`drop trigger ${trigger} on ${table}`));
        await t.database.db.execute(sql.raw(`drop function ${trigger}()`));
      }

      // Nothing is half-deleted: every row is still there.
      expect(await footprint(d.leaver)).toEqual(before);
      // The same token still works, and so does signing in.
      expect((await call('GET', '/api/auth/profile', d.leaver.token)).status).toBe(200);
      const login = await call('POST', '/api/auth/login', undefined, {
        email: d.leaver.user.email,
        password: d.leaver.password,
      });
      expect(login.status).toBe(200);
      // The rooms are theirs as before, with the same counts.
      expect((await roomAs(d.leaver.token, d.handed.id)).room).toEqual(handedBefore);
      expect((await roomAs(d.leaver.token, d.lonely.id)).room?.ownerId).toBe(d.leaver.user.id);
      expect((await roomAs(d.other.token, d.elsewhere.id)).room?.members).toBe(
        elsewhereBefore.members,
      );
      // Their study data and upload are still there.
      const { changes } = await pullAll(t.baseUrl, d.leaver.token);
      expect(changes.map((c) => c.id).sort()).toEqual([d.note, d.task, d.file].sort());
      expect((await downloadFile(t.baseUrl, d.leaver.token, d.file)).status).toBe(200);
      const chat = await call('GET', `/api/rooms/${d.elsewhere.id}/messages`, d.other.token);
      expect((chat.body.messages as { text: string }[]).map((m) => m.text)).toEqual([
        'hello from the leaver',
        'hello from the owner',
      ]);

      // Once the fault is gone, the same deletion goes through.
      const again = await call('DELETE', '/api/auth/account', d.leaver.token, {
        password: d.leaver.password,
      });
      expect(again.status).toBe(200);
      expect(Object.values(await footprint(d.leaver)).every((n) => n === 0)).toBe(true);
    });
  }
});
