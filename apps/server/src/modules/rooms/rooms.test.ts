import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import {
  JOIN_CODE_PATTERN,
  ROOM_MESSAGES,
  RoomListResponseSchema,
  MemberAvatarResponseSchema,
  RoomMembersResponseSchema,
  RoomMessagesResponseSchema,
  RoomResponseSchema,
  JoinRequestsResponseSchema,
  type Room,
} from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { jpegDataUrl } from '../../test/images.js';
import { startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { roomInvitations, roomMembers, roomMessages, rooms } from '../../db/schema.js';
import { createEventBus } from '../../lib/events.js';
import { createRoomsRepository } from './rooms.repository.js';
import {
  createRoomsService,
  generateJoinCode,
  roomSlug,
  type RoomEvents,
} from './rooms.service.js';

/**
 * The rooms API over real HTTP: who may do what (the authorization matrix), join codes, joining,
 * limits, lists, edits, deletion and bad input. Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */

type Actor = 'anonymous' | 'outsider' | 'member' | 'admin' | 'owner';
const ACTORS: Actor[] = ['anonymous', 'outsider', 'member', 'admin', 'owner'];

let t: TestApp;
let smtp: SmtpCapture;
const users = {} as Record<
  Exclude<Actor, 'anonymous'> | 'member2' | 'invitee',
  Awaited<ReturnType<typeof registerUser>>
>;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  http(t.baseUrl, method, path, { token, body });
/** A rooms service with test options beside the app's own (its events reach nobody). */
const serviceDeps = () => ({
  repo: createRoomsRepository(t.app.deps.db),
  events: createEventBus<RoomEvents>(() => undefined),
  rateLimiter: t.app.deps.rateLimiter,
  rateLimitFactor: t.app.deps.config.rateLimitFactor,
});
const tokenOf = (actor: Actor) => (actor === 'anonymous' ? undefined : users[actor].token);

async function createRoom(token: string, body: Record<string, unknown> = {}): Promise<Room> {
  const res = await call('POST', '/api/rooms', token, {
    name: 'Algebra',
    subject: 'Math',
    ...body,
  });
  expect(res.status).toBe(201);
  return RoomResponseSchema.parse(res.body).room;
}

/** A private room with an owner, an admin and two plain members. */
async function fixture() {
  const room = await createRoom(users.owner.token, { name: 'Matrix room', maxMembers: 10 });
  for (const u of [users.admin, users.member, users.member2]) {
    expect((await call('POST', '/api/rooms/join', u.token, { code: room.code })).status).toBe(200);
  }
  const promoted = await call(
    'PATCH',
    `/api/rooms/${room.id}/members/${users.admin.user.id}`,
    users.owner.token,
    { role: 'admin' },
  );
  expect(promoted.status).toBe(200);
  return room;
}

/** Creates an invitation for the invitee and returns its token, read from the mail. */
async function inviteToken(roomId: string): Promise<string> {
  const before = smtp.messages.length;
  const res = await call('POST', `/api/rooms/${roomId}/invitations`, users.owner.token, {
    email: users.invitee.user.email,
    role: 'member',
  });
  expect(res.status).toBe(201);
  await expect.poll(() => smtp.messages.length).toBeGreaterThan(before);
  // The newest invitation mail: the invitee's verification mail may arrive in between.
  const raw = smtp.messages
    .map((m) => m.raw.replace(/=\r?\n/g, ''))
    .filter((m) => m.includes('/invite/'))
    .at(-1)!;
  return /\/invite\/([A-Za-z0-9_-]+)/.exec(raw)![1]!;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({
    // One owner creates every fixture's room, and one account 1,300 rooms at once: far past the
    // hourly creation limit, which rooms-abuse.test.ts tests.
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.test', RATE_LIMIT_FACTOR: '50' },
  });
  for (const key of ['owner', 'admin', 'member', 'member2', 'outsider', 'invitee'] as const) {
    users[key] = await registerUser(t.baseUrl, { name: `The ${key}` });
  }
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('authorization matrix', () => {
  // Expected status per actor, in the order anonymous, outsider, member, admin, owner. Calls
  // that change membership or the room run against a fresh private room per actor, so one
  // actor's success does not change what the next one sees; the others share one room.
  const DESTRUCTIVE = /leave|DELETE|PATCH|join|invitations/;
  let shared: Room | undefined;
  const cases: [string, (room: Room) => [string, string, unknown?], number[]][] = [
    ['GET /api/rooms', () => ['GET', '/api/rooms'], [401, 200, 200, 200, 200]],
    [
      'POST /api/rooms',
      () => ['POST', '/api/rooms', { name: 'New', subject: 'S' }],
      [401, 201, 201, 201, 201],
    ],
    ['GET /api/rooms/:id', (r) => ['GET', `/api/rooms/${r.id}`], [401, 403, 200, 200, 200]],
    ['GET /api/rooms/:code', (r) => ['GET', `/api/rooms/${r.code}`], [401, 403, 200, 200, 200]],
    ['GET /api/rooms/:slug', (r) => ['GET', `/api/rooms/${r.slug}`], [401, 403, 200, 200, 200]],
    [
      'GET /api/rooms/:id/preview',
      (r) => ['GET', `/api/rooms/${r.id}/preview`],
      [401, 200, 200, 200, 200],
    ],
    [
      'POST /api/rooms/join',
      (r) => ['POST', '/api/rooms/join', { code: r.code }],
      [401, 200, 200, 200, 200],
    ],
    [
      'POST /api/rooms/:id/leave',
      (r) => ['POST', `/api/rooms/${r.id}/leave`],
      [401, 403, 200, 200, 400],
    ],
    [
      'PATCH /api/rooms/:id',
      (r) => ['PATCH', `/api/rooms/${r.id}`, { status: 'studying' }],
      [401, 403, 403, 200, 200],
    ],
    ['DELETE /api/rooms/:id', (r) => ['DELETE', `/api/rooms/${r.id}`], [401, 403, 403, 403, 200]],
    [
      'GET /api/rooms/:id/join-requests',
      (r) => ['GET', `/api/rooms/${r.id}/join-requests`],
      [401, 403, 403, 200, 200],
    ],
    [
      'POST /api/rooms/:id/join-requests',
      (r) => ['POST', `/api/rooms/${r.id}/join-requests`],
      [401, 201, 409, 409, 409],
    ],
    [
      'GET /api/rooms/:id/members',
      (r) => ['GET', `/api/rooms/${r.id}/members`],
      [401, 403, 200, 200, 200],
    ],
    [
      'GET /api/rooms/:id/members/:userId/avatar',
      (r) => ['GET', `/api/rooms/${r.id}/members/${users.member2.user.id}/avatar`],
      [401, 403, 200, 200, 200],
    ],
    [
      'PATCH /api/rooms/:id/members/:userId',
      (r) => ['PATCH', `/api/rooms/${r.id}/members/${users.member2.user.id}`, { role: 'admin' }],
      [401, 403, 403, 403, 200],
    ],
    [
      'DELETE /api/rooms/:id/members/:userId',
      (r) => ['DELETE', `/api/rooms/${r.id}/members/${users.member2.user.id}`],
      [401, 403, 403, 200, 200],
    ],
    [
      'POST /api/rooms/:id/invitations',
      (r) => ['POST', `/api/rooms/${r.id}/invitations`, { email: 'someone@example.com' }],
      [401, 403, 403, 201, 201],
    ],
    [
      'GET /api/rooms/:id/messages',
      (r) => ['GET', `/api/rooms/${r.id}/messages`],
      [401, 403, 200, 200, 200],
    ],
  ];

  for (const [name, request, expected] of cases) {
    it(`${name}: ${ACTORS.map((a, i) => `${a} ${expected[i]}`).join(', ')}`, async () => {
      const got: number[] = [];
      for (const actor of ACTORS) {
        const room = DESTRUCTIVE.test(name) ? await fixture() : (shared ??= await fixture());
        const [method, path, body] = request(room);
        const res = await call(method, path, tokenOf(actor), body);
        got.push(res.status);
        if (res.status >= 400) {
          expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
          expect(res.body.message).toBe(res.body.error);
        }
      }
      expect(got).toEqual(expected);
    });
  }

  it('GET /api/invitations/:token is public; accept needs the invited account', async () => {
    const room = await fixture();
    const token = await inviteToken(room.id);
    for (const actor of ACTORS) {
      expect((await call('GET', `/api/invitations/${token}`, tokenOf(actor))).status).toBe(200);
    }
    const accepts: number[] = [];
    for (const actor of ACTORS) {
      accepts.push((await call('POST', `/api/invitations/${token}/accept`, tokenOf(actor))).status);
    }
    // Nobody but the invited address may use it; the invitee still can afterwards.
    expect(accepts).toEqual([401, 403, 403, 403, 403]);
    const ok = await call('POST', `/api/invitations/${token}/accept`, users.invitee.token);
    expect(ok.status).toBe(200);
  });

  it('admins cannot remove admins or the owner; nobody removes themself', async () => {
    const room = await fixture();
    const path = (id: string) => `/api/rooms/${room.id}/members/${id}`;
    await call('PATCH', path(users.member.user.id), users.owner.token, { role: 'admin' });
    expect((await call('DELETE', path(users.member.user.id), users.admin.token)).status).toBe(403);
    expect((await call('DELETE', path(users.owner.user.id), users.admin.token)).status).toBe(403);
    expect((await call('DELETE', path(users.owner.user.id), users.owner.token)).status).toBe(400);
    expect((await call('DELETE', path(users.admin.user.id), users.admin.token)).status).toBe(400);
    const own = await call('PATCH', path(users.owner.user.id), users.owner.token, {
      role: 'member',
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(ROOM_MESSAGES.cannotChangeOwnRole);
    const makeOwner = await call('PATCH', path(users.member.user.id), users.owner.token, {
      role: 'owner',
    });
    expect(makeOwner.status).toBe(400);
    expect(makeOwner.body.message).toBe(ROOM_MESSAGES.roleInvalid);
    const stranger = await call('PATCH', path(users.outsider.user.id), users.owner.token, {
      role: 'admin',
    });
    expect(stranger.status).toBe(404);
  });

  it('a private room’s link tells a non-member its name and nothing more', async () => {
    const room = await fixture();
    const outsider = await call('GET', `/api/rooms/${room.id}/preview`, users.outsider.token);
    expect(outsider.status).toBe(200);
    // Exactly these fields: no code (the secret), no description, subject or members.
    expect(outsider.body).toEqual({
      room: { id: room.id, name: room.name, isPrivate: true, isMember: false, requested: false },
    });
    const member = await call('GET', `/api/rooms/${room.id}/preview`, users.member.token);
    expect(member.body.room).toMatchObject({ isMember: true });
    const unknown = await call('GET', `/api/rooms/${'f'.repeat(24)}/preview`, users.outsider.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ROOM_MESSAGES.roomNotFound);
    // A malformed id names no room either, as on every room route.
    expect((await call('GET', '/api/rooms/not-an-id/preview', users.outsider.token)).status).toBe(
      404,
    );
  });

  it('a public room is readable by anyone signed in, its members list is not', async () => {
    const room = await createRoom(users.owner.token, { visibility: 'public' });
    const read = await call('GET', `/api/rooms/${room.id}`, users.outsider.token);
    expect(read.status).toBe(200);
    expect(read.body.room).toMatchObject({ isMember: false, userRole: null, joinedAt: null });
    expect((await call('GET', `/api/rooms/${room.id}/members`, users.outsider.token)).status).toBe(
      403,
    );
  });
});

describe('asking to join a private room', () => {
  const requestsOf = async (roomId: string, token: string) =>
    JoinRequestsResponseSchema.parse(
      (await call('GET', `/api/rooms/${roomId}/join-requests`, token)).body,
    ).requests;

  it('a non-member asks once; an admin sees who and lets them in as a member', async () => {
    const room = await fixture();
    const ask = () => call('POST', `/api/rooms/${room.id}/join-requests`, users.outsider.token);
    expect((await ask()).status).toBe(201);
    // Asking again changes nothing.
    expect((await ask()).status).toBe(200);
    const preview = await call('GET', `/api/rooms/${room.id}/preview`, users.outsider.token);
    expect(preview.body.room).toMatchObject({ isMember: false, requested: true });

    const waiting = await requestsOf(room.id, users.admin.token);
    expect(waiting).toEqual([
      {
        userId: users.outsider.user.id,
        name: users.outsider.user.name,
        createdAt: expect.any(String),
      },
    ]);
    const accepted = await call(
      'POST',
      `/api/rooms/${room.id}/join-requests/${users.outsider.user.id}/accept`,
      users.admin.token,
    );
    expect(accepted.status).toBe(200);
    const read = await call('GET', `/api/rooms/${room.id}`, users.outsider.token);
    expect(read.status).toBe(200);
    expect(read.body.room).toMatchObject({ isMember: true, userRole: 'member', members: 5 });
    expect(await requestsOf(room.id, users.owner.token)).toEqual([]);
    // Accepting twice finds nothing waiting.
    const again = await call(
      'POST',
      `/api/rooms/${room.id}/join-requests/${users.outsider.user.id}/accept`,
      users.owner.token,
    );
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ROOM_MESSAGES.joinRequestNotFound);
  });

  it('declined or cancelled, a request goes and may be made again', async () => {
    const room = await fixture();
    const path = `/api/rooms/${room.id}/join-requests`;
    expect((await call('POST', path, users.outsider.token)).status).toBe(201);
    expect(
      (await call('DELETE', `${path}/${users.outsider.user.id}`, users.owner.token)).status,
    ).toBe(200);
    expect(await requestsOf(room.id, users.owner.token)).toEqual([]);
    const preview = await call('GET', `/api/rooms/${room.id}/preview`, users.outsider.token);
    expect(preview.body.room).toMatchObject({ requested: false });
    expect((await call('GET', `/api/rooms/${room.id}`, users.outsider.token)).status).toBe(403);

    expect((await call('POST', path, users.outsider.token)).status).toBe(201);
    expect((await call('DELETE', `${path}/mine`, users.outsider.token)).status).toBe(200);
    expect(await requestsOf(room.id, users.owner.token)).toEqual([]);
    // A plain member can neither decline nor accept.
    expect((await call('POST', path, users.outsider.token)).status).toBe(201);
    expect(
      (await call('DELETE', `${path}/${users.outsider.user.id}`, users.member.token)).status,
    ).toBe(403);
    expect(
      (await call('POST', `${path}/${users.outsider.user.id}/accept`, users.member.token)).status,
    ).toBe(403);
  });

  it('says why when there is nothing to ask: a member, a public room, an unknown room', async () => {
    const room = await fixture();
    const member = await call('POST', `/api/rooms/${room.id}/join-requests`, users.member.token);
    expect(member.status).toBe(409);
    expect(member.body.message).toBe(ROOM_MESSAGES.alreadyMember);
    const open = await createRoom(users.owner.token, { visibility: 'public' });
    const pub = await call('POST', `/api/rooms/${open.id}/join-requests`, users.outsider.token);
    expect(pub.status).toBe(400);
    expect(pub.body.message).toBe(ROOM_MESSAGES.publicRoomJoinDirectly);
    const unknown = await call(
      'POST',
      `/api/rooms/${'e'.repeat(24)}/join-requests`,
      users.outsider.token,
    );
    expect(unknown.status).toBe(404);
  });

  it('a full room keeps the request: accepting says so and lets nobody in', async () => {
    const room = await createRoom(users.owner.token, { maxMembers: 2 });
    expect(
      (await call('POST', '/api/rooms/join', users.member.token, { code: room.code })).status,
    ).toBe(200);
    const path = `/api/rooms/${room.id}/join-requests`;
    expect((await call('POST', path, users.outsider.token)).status).toBe(201);
    const accept = await call(
      'POST',
      `${path}/${users.outsider.user.id}/accept`,
      users.owner.token,
    );
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(ROOM_MESSAGES.roomFull);
    expect((await requestsOf(room.id, users.owner.token)).map((r) => r.userId)).toEqual([
      users.outsider.user.id,
    ]);
    expect((await call('GET', `/api/rooms/${room.id}`, users.outsider.token)).status).toBe(403);
  });

  it('bounds the requests waiting per room and per account', async () => {
    const repo = createRoomsRepository(t.app.deps.db);
    const limits = { perRoom: 2, perAccount: 2 };
    const [a, b, c] = await Promise.all([fixture(), fixture(), fixture()]);
    const [x, y, z] = await Promise.all(
      ['x', 'y', 'z'].map((n) => registerUser(t.baseUrl, { name: `Asker ${n}` })),
    );
    expect(await repo.addJoinRequest(a.id, x!.user.id, limits)).toBe('added');
    expect(await repo.addJoinRequest(a.id, x!.user.id, limits)).toBe('exists');
    expect(await repo.addJoinRequest(a.id, y!.user.id, limits)).toBe('added');
    // A third asker of room a: the room's list is full.
    expect(await repo.addJoinRequest(a.id, z!.user.id, limits)).toBe('room-limit');
    expect(await repo.addJoinRequest(b.id, x!.user.id, limits)).toBe('added');
    // x's third room: the account's own limit.
    expect(await repo.addJoinRequest(c.id, x!.user.id, limits)).toBe('account-limit');
  });
});

describe('member list privacy', () => {
  it('shows e-mail addresses to the owner and admins only; members see names and roles', async () => {
    const room = await fixture();
    const list = async (actor: 'owner' | 'admin' | 'member') => {
      const res = await call('GET', `/api/rooms/${room.id}/members`, users[actor].token);
      expect(res.status).toBe(200);
      return RoomMembersResponseSchema.parse(res.body).members;
    };
    const everyone = [users.owner, users.admin, users.member, users.member2];
    for (const actor of ['owner', 'admin'] as const) {
      const members = await list(actor);
      expect(members.map((m) => m.email).sort()).toEqual(everyone.map((u) => u.user.email).sort());
    }
    const seenByMember = await list('member');
    expect(seenByMember.map((m) => m.name).sort()).toEqual(everyone.map((u) => u.user.name).sort());
    expect(seenByMember.map((m) => m.role).sort()).toEqual(['admin', 'member', 'member', 'owner']);
    for (const member of seenByMember) expect(member).not.toHaveProperty('email');
    // Not hidden somewhere else in the reply either.
    const raw = await call('GET', `/api/rooms/${room.id}/members`, users.member.token);
    expect(JSON.stringify(raw.body)).not.toContain('@');
  });
});

describe('member avatars', () => {
  it("gives a member another member's picture ('' without one), and 404 for a non-member", async () => {
    const room = await fixture();
    const picture = jpegDataUrl(40, 40);
    const saved = await call('PATCH', '/api/auth/profile', users.member2.token, {
      profilePic: picture,
    });
    expect(saved.status).toBe(200);
    const avatarOf = (userId: string) =>
      call('GET', `/api/rooms/${room.id}/members/${userId}/avatar`, users.member.token);
    const res = await avatarOf(users.member2.user.id);
    expect(res.status).toBe(200);
    expect(MemberAvatarResponseSchema.parse(res.body)).toEqual({ profilePic: picture });
    expect((await avatarOf(users.owner.user.id)).body).toEqual({ profilePic: '' });
    for (const stranger of [users.outsider.user.id, 'not-an-id']) {
      const missing = await avatarOf(stranger);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ message: ROOM_MESSAGES.memberNotFound });
    }
    await call('PATCH', '/api/auth/profile', users.member2.token, { profilePic: '' });
  });
});

describe('creating rooms and join codes', () => {
  it('makes the creator owner with the defaults and a well-formed code', async () => {
    const res = await call('POST', '/api/rooms', users.owner.token, {
      name: '  Organic Chemistry ',
      subject: 'Chemistry',
      tags: [' lab ', 'Lab', '', 'exam'],
    });
    expect(res.status).toBe(201);
    const { room } = RoomResponseSchema.parse(res.body);
    expect(room).toMatchObject({
      name: 'Organic Chemistry',
      subject: 'Chemistry',
      description: '',
      visibility: 'private',
      isPrivate: true,
      members: 1,
      maxMembers: 50,
      status: 'active',
      tags: ['lab', 'exam'],
      ownerId: users.owner.user.id,
      userRole: 'owner',
      isMember: true,
    });
    expect(room.id).toBe(room._id);
    expect(room.id).toMatch(/^[0-9a-f]{24}$/);
    expect(room.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(room.slug).toBe(`organic-chemistry-${room.code.toLowerCase()}`);
    expect(Date.parse(room.createdAt)).not.toBeNaN();
    expect(room.joinedAt).not.toBeNull();
  });

  it('generates well-formed codes, distinct over 20,000 draws', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const code = generateJoinCode();
      expect(JOIN_CODE_PATTERN.test(code)).toBe(true);
      codes.add(code);
    }
    // 20,000 draws from 31^8 codes collide with probability ~2e-4; the database index and the
    // retry below are what guarantee uniqueness, this checks the generator is not degenerate.
    expect(codes.size).toBeGreaterThanOrEqual(19_999);
    expect(roomSlug('Ünïcode & Friends!!', 'ABCD2345')).toBe('unicode-friends-abcd2345');
    expect(roomSlug('!!!', 'ABCD2345')).toBe('room-abcd2345');
  });

  it('retries with a new code when the generated one is taken', async () => {
    const taken = (await createRoom(users.owner.token)).code;
    const codes = [taken, taken, 'ZZZZ2345'];
    const service = createRoomsService({ ...serviceDeps(), generateCode: () => codes.shift()! });
    const room = await service.create(users.owner.user, {
      name: 'Retry',
      subject: 'S',
      description: '',
      isPrivate: true,
      maxMembers: 50,
      tags: [],
    });
    expect(room.code).toBe('ZZZZ2345');
  });

  it('gives 1,000 service-created and 300 API-created rooms unique codes and slugs', async () => {
    const service = createRoomsService(serviceDeps());
    const input = {
      name: 'Bulk',
      subject: 'S',
      description: '',
      isPrivate: false,
      maxMembers: 50,
      tags: [],
    };
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, () => service.create(users.outsider.user, input)),
      );
    }
    for (let i = 0; i < 300; i += 30) {
      await Promise.all(
        Array.from({ length: 30 }, (_, j) =>
          createRoom(users.outsider.token, { name: `Api room ${i + j}` }),
        ),
      );
    }
    const all = await t.database.db
      .select({ code: rooms.code, slug: rooms.slug })
      .from(rooms)
      .where(eq(rooms.ownerId, users.outsider.user.id));
    expect(all.length).toBeGreaterThanOrEqual(1300);
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.slug)).size).toBe(all.length);
    for (const r of all) expect(r.code).toMatch(JOIN_CODE_PATTERN);
  }, 60_000);
});

describe('joining, leaving and limits', () => {
  it('joins by a code typed in lower case with spaces, idempotently', async () => {
    const room = await createRoom(users.owner.token);
    const typed = `  ${room.code.slice(0, 4).toLowerCase()} ${room.code.slice(4).toLowerCase()} `;
    const first = await call('POST', '/api/rooms/join', users.member.token, { code: typed });
    expect(first.status).toBe(200);
    expect(RoomResponseSchema.parse(first.body).room).toMatchObject({
      id: room.id,
      isMember: true,
      userRole: 'member',
      members: 2,
    });
    const again = await call('POST', '/api/rooms/join', users.member.token, { code: room.code });
    expect(again.status).toBe(200);
    expect(again.body.room).toMatchObject({ members: 2, userRole: 'member' });
    // The owner joining their own room keeps the owner role.
    const owner = await call('POST', '/api/rooms/join', users.owner.token, { code: room.code });
    expect(owner.body.room).toMatchObject({ members: 2, userRole: 'owner' });
  });

  it('answers the product sentences for an unknown, malformed or empty code', async () => {
    const cases: [unknown, number, string][] = [
      [{ code: 'ZZZZZZZZ' }, 404, 'Room not found or invalid code.'],
      [{ code: 'ab!' }, 400, 'Room not found or invalid code.'],
      [{ code: '   ' }, 400, 'Please enter a room code'],
      [{}, 400, 'Please enter a room code'],
      [{ code: 12345678 }, 400, 'Please enter a room code'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/api/rooms/join', users.member.token, body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
  });

  it('enforces maxMembers, also when joins race', async () => {
    const room = await createRoom(users.owner.token, { maxMembers: 3 });
    const racers = [users.member, users.member2, users.outsider, users.admin];
    const results = await Promise.all(
      racers.map((u) => call('POST', '/api/rooms/join', u.token, { code: room.code })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
    const full = results.find((r) => r.status === 409)!;
    expect(full.body).toMatchObject({ message: 'This room is full.', error: 'This room is full.' });
    const read = await call('GET', `/api/rooms/${room.id}`, users.owner.token);
    expect(read.body.room).toMatchObject({ members: 3 });
    const members = await call('GET', `/api/rooms/${room.id}/members`, users.owner.token);
    expect(RoomMembersResponseSchema.parse(members.body).members).toHaveLength(3);
    // A member rejoining a full room is fine (idempotent); maxMembers cannot go below 3.
    const joined = results.findIndex((r) => r.status === 200);
    const rejoin = await call('POST', '/api/rooms/join', racers[joined]!.token, {
      code: room.code,
    });
    expect(rejoin.status).toBe(200);
    const shrink = await call('PATCH', `/api/rooms/${room.id}`, users.owner.token, {
      maxMembers: 2,
    });
    expect([shrink.status, shrink.body.message]).toEqual([409, ROOM_MESSAGES.maxMembersBelowCount]);
  });

  it('leaving lowers the count; the owner cannot leave', async () => {
    const room = await createRoom(users.owner.token);
    await call('POST', '/api/rooms/join', users.member.token, { code: room.code });
    const left = await call('POST', `/api/rooms/${room.id}/leave`, users.member.token);
    expect(left.status).toBe(200);
    const read = await call('GET', `/api/rooms/${room.id}`, users.owner.token);
    expect(read.body.room).toMatchObject({ members: 1 });
    const owner = await call('POST', `/api/rooms/${room.id}/leave`, users.owner.token);
    expect([owner.status, owner.body.message]).toEqual([400, ROOM_MESSAGES.ownerCannotLeave]);
    // Gone means gone: the private room is now closed to the former member.
    expect((await call('GET', `/api/rooms/${room.id}`, users.member.token)).status).toBe(403);
  });

  it('removing a member lowers the count', async () => {
    const room = await fixture();
    const res = await call(
      'DELETE',
      `/api/rooms/${room.id}/members/${users.member2.user.id}`,
      users.owner.token,
    );
    expect(res.status).toBe(200);
    const read = await call('GET', `/api/rooms/${room.id}`, users.owner.token);
    expect(read.body.room).toMatchObject({ members: 3 });
  });
});

describe('reading and listing', () => {
  it('reads by id, code (any case) or slug; 404 for unknown or malformed keys', async () => {
    const room = await createRoom(users.owner.token);
    for (const key of [
      room.id,
      room.id.toUpperCase(),
      ` ${room.id.toUpperCase()} `,
      room.code,
      room.code.toLowerCase(),
      room.slug,
      room.slug.toUpperCase(),
    ]) {
      const res = await call('GET', `/api/rooms/${encodeURIComponent(key)}`, users.owner.token);
      expect([key, res.status]).toEqual([key, 200]);
      expect(res.body.room).toMatchObject({ id: room.id });
    }
    for (const key of ['0123456789abcdef01234567', 'ZZZZZZZZ', 'no-such-slug', '%27%3B--', 'x']) {
      const res = await call('GET', `/api/rooms/${key}`, users.owner.token);
      expect([key, res.status, res.body.message]).toEqual([key, 404, ROOM_MESSAGES.roomNotFound]);
    }
    for (const path of ['/leave', '/members', '/messages']) {
      const res = await call(
        path === '/leave' ? 'POST' : 'GET',
        `/api/rooms/nope${path}`,
        users.owner.token,
      );
      expect(res.status).toBe(404);
    }
  });

  it('lists the caller’s rooms and public rooms, searches, filters and pages', async () => {
    const me = await registerUser(t.baseUrl, { name: 'Lister' });
    const other = await registerUser(t.baseUrl, { name: 'Other lister' });
    const mine = await createRoom(me.token, { name: 'Quantum Zebra', subject: 'Physics' });
    const pub = await createRoom(other.token, {
      name: 'Open hall',
      subject: 'History',
      visibility: 'public',
      tags: ['ZebraTag'],
    });
    const hidden = await createRoom(other.token, { name: 'Secret zebra', subject: 'Physics' });
    await call('PATCH', `/api/rooms/${pub.id}`, other.token, { status: 'break' });

    const list = async (query: string) => {
      const res = await call('GET', `/api/rooms${query}`, me.token);
      expect(res.status).toBe(200);
      return RoomListResponseSchema.parse(res.body);
    };
    const ids = (r: { rooms: Room[] }) => r.rooms.map((x) => x.id);

    const all = await list('?q=zebra');
    expect(ids(all)).toEqual([pub.id, mine.id]);
    expect(ids(all)).not.toContain(hidden.id);
    expect(all.rooms[0]).toMatchObject({ isMember: false, userRole: null });
    expect(all.rooms[1]).toMatchObject({ isMember: true, userRole: 'owner' });
    expect(ids(await list('?q=ZEBRA&scope=mine'))).toEqual([mine.id]);
    expect(ids(await list('?q=zebra&scope=public'))).toEqual([pub.id]);
    expect(ids(await list('?q=zebra&status=break'))).toEqual([pub.id]);
    expect(ids(await list('?q=physics'))).toEqual([mine.id]);
    expect(ids(await list('?q=%25'))).toEqual([]);
    expect(ids(await list('?scope=mine'))).toEqual([mine.id]);

    // Pages: newest first, no repeats, no gaps.
    for (let i = 0; i < 5; i++) await createRoom(me.token, { name: `Page ${i}` });
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await list(`?scope=mine&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.rooms.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
    expect(seen[5]).toBe(mine.id);

    // Cursors whose time Date.parse accepts but PostgreSQL cannot cast used to answer 500.
    const forged = (time: string) =>
      `?cursor=${Buffer.from(JSON.stringify([time, mine.id])).toString('base64url')}`;
    const badCursors = [
      '1',
      '2024-02-30 00:00:00+00',
      '+275760-09-13T00:00:00.000Z',
      'March 7, 2020',
    ];
    for (const bad of [
      '?limit=0',
      '?limit=abc',
      '?scope=x',
      '?status=x',
      '?cursor=zzz',
      ...badCursors.map(forged),
    ]) {
      const res = await call('GET', `/api/rooms${bad}`, me.token);
      expect([bad, res.status]).toEqual([bad, 400]);
    }
  });

  it('gives every caller and every filter its own values from the reused list statements', async () => {
    // The list query is built once per combination of filters and then reused: nothing of one
    // call (the caller, the search, the status, the cursor) may leak into the next.
    const a = await registerUser(t.baseUrl, { name: 'Reuse A' });
    const b = await registerUser(t.baseUrl, { name: 'Reuse B' });
    const aPrivate = await createRoom(a.token, { name: 'Kiwi A' });
    const shared = await createRoom(a.token, { name: 'Kiwi shared', visibility: 'public' });
    const bPrivate = await createRoom(b.token, { name: 'Kiwi B' });
    const mango = await createRoom(b.token, { name: 'Mango B' });
    await call('PATCH', `/api/rooms/${shared.id}`, a.token, { status: 'break' });

    const list = async (token: string, query: string) => {
      const res = await call('GET', `/api/rooms${query}`, token);
      expect(res.status).toBe(200);
      return RoomListResponseSchema.parse(res.body);
    };
    const view = (r: { rooms: Room[] }) => r.rooms.map((x) => [x.id, x.userRole]);

    for (let round = 0; round < 2; round++) {
      expect(view(await list(a.token, '?q=kiwi'))).toEqual([
        [shared.id, 'owner'],
        [aPrivate.id, 'owner'],
      ]);
      expect(view(await list(b.token, '?q=kiwi'))).toEqual([
        [bPrivate.id, 'owner'],
        [shared.id, null],
      ]);
      expect(view(await list(b.token, '?q=mango'))).toEqual([[mango.id, 'owner']]);
      expect(view(await list(b.token, '?q=kiwi&status=break'))).toEqual([[shared.id, null]]);
      expect(view(await list(b.token, '?q=kiwi&status=active'))).toEqual([[bPrivate.id, 'owner']]);
      expect(view(await list(a.token, '?q=kiwi&scope=mine'))).toEqual([
        [shared.id, 'owner'],
        [aPrivate.id, 'owner'],
      ]);
      expect(view(await list(b.token, '?q=kiwi&scope=public'))).toEqual([[shared.id, null]]);
    }

    // Pages of one search for one caller, then of another search for the other caller.
    const walk = async (token: string, query: string) => {
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await list(token, `${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.rooms.map((r) => r.id));
        cursor = page.nextCursor;
      }
      return seen;
    };
    expect(await walk(b.token, '?q=kiwi')).toEqual([bPrivate.id, shared.id]);
    expect(await walk(a.token, '?q=kiwi')).toEqual([shared.id, aPrivate.id]);
    expect(await walk(b.token, '?q=b&scope=mine')).toEqual([mango.id, bPrivate.id]);
  });

  it('compresses a page of rooms for a client that asks, and only then', async () => {
    const owner = await registerUser(t.baseUrl, { name: 'Compressed' });
    for (let i = 0; i < 6; i++) {
      await createRoom(owner.token, {
        name: `Papaya ${i}`,
        description: 'Weekly sessions. '.repeat(5),
      });
    }
    const page = (encoding: string) =>
      t.app.inject({
        url: '/api/rooms?q=papaya',
        headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': encoding },
      });
    const plain = await page('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const body = RoomListResponseSchema.parse(plain.json());
    expect(body.rooms).toHaveLength(6);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    // API JSON is compressed at the levels for dynamic content (gzip 3, brotli 3; app.ts).
    const brotli3 = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } };
    const expected = {
      gzip: gzipSync(plain.rawPayload, { level: 3 }),
      br: brotliCompressSync(plain.rawPayload, brotli3),
    };
    const decoders = { gzip: gunzipSync, br: brotliDecompressSync } as const;
    // A browser sends all of these; the server prefers brotli.
    for (const [accept, encoding] of [
      ['gzip, deflate', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
    ] as const) {
      const res = await page(accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decoders[encoding](res.rawPayload).toString('utf8'))).toEqual(body);
      expect(res.rawPayload.equals(expected[encoding])).toBe(true);
    }
  });

  it('returns the chat history oldest first, the latest 200', async () => {
    const room = await fixture();
    const base = Date.now() - 1_000_000;
    await t.database.db.insert(roomMessages).values(
      Array.from({ length: 205 }, (_, i) => ({
        roomId: room.id,
        userId: users.member.user.id,
        name: 'The member',
        text: `message ${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const res = await call('GET', `/api/rooms/${room.id}/messages`, users.member.token);
    const { messages } = RoomMessagesResponseSchema.parse(res.body);
    expect(messages).toHaveLength(200);
    expect(messages[0]).toMatchObject({ text: 'message 5', at: base + 5000, roomId: room.id });
    expect(messages[199]!.text).toBe('message 204');
  });
});

describe('editing and deleting', () => {
  it('lets an admin edit every editable field', async () => {
    const room = await fixture();
    const res = await call('PATCH', `/api/rooms/${room.id}`, users.admin.token, {
      name: 'Renamed',
      subject: 'Biology',
      description: 'Cells',
      visibility: 'public',
      status: 'studying',
      tags: ['a', 'b', 'a'],
      maxMembers: 20,
    });
    expect(res.status).toBe(200);
    expect(RoomResponseSchema.parse(res.body).room).toMatchObject({
      name: 'Renamed',
      subject: 'Biology',
      description: 'Cells',
      visibility: 'public',
      isPrivate: false,
      status: 'studying',
      tags: ['a', 'b'],
      maxMembers: 20,
      code: room.code,
      slug: `renamed-${room.code.toLowerCase()}`,
      userRole: 'admin',
    });
  });

  it('deleting removes memberships, invitations and messages', async () => {
    const room = await fixture();
    await inviteToken(room.id);
    await t.database.db
      .insert(roomMessages)
      .values({ roomId: room.id, userId: users.member.user.id, name: 'm', text: 'hi' });
    const countIn = async (
      table: typeof roomMembers | typeof roomInvitations | typeof roomMessages,
    ) =>
      (await t.database.db.select({ n: count() }).from(table).where(eq(table.roomId, room.id)))[0]!
        .n;
    expect([
      await countIn(roomMembers),
      await countIn(roomInvitations),
      await countIn(roomMessages),
    ]).toEqual([4, 1, 1]);
    const res = await call('DELETE', `/api/rooms/${room.id}`, users.owner.token);
    expect(res.status).toBe(200);
    expect([
      await countIn(roomMembers),
      await countIn(roomInvitations),
      await countIn(roomMessages),
    ]).toEqual([0, 0, 0]);
    expect((await call('GET', `/api/rooms/${room.id}`, users.owner.token)).status).toBe(404);
    expect((await call('DELETE', `/api/rooms/${room.id}`, users.owner.token)).status).toBe(404);
  });
});

describe('bad input: a clear 4xx, never a 500', () => {
  it('refuses every malformed body with the first failing rule', async () => {
    const room = await fixture();
    const owner = users.owner.token;
    const r = `/api/rooms/${room.id}`;
    const m = `${r}/members/${users.member.user.id}`;
    const cases: [string, string, { body?: unknown; raw?: string }, string | RegExp][] = [
      ['POST', '/api/rooms', { body: {} }, 'Room name is required'],
      ['POST', '/api/rooms', { body: { name: 'A' } }, 'Subject is required'],
      ['POST', '/api/rooms', { body: { name: 42, subject: 'S' } }, 'Room name is required'],
      [
        'POST',
        '/api/rooms',
        { body: { name: 'A', subject: 'S', maxMembers: 1 } },
        ROOM_MESSAGES.maxMembersInvalid,
      ],
      [
        'POST',
        '/api/rooms',
        { body: { name: 'A', subject: 'S', maxMembers: 501 } },
        ROOM_MESSAGES.maxMembersInvalid,
      ],
      [
        'POST',
        '/api/rooms',
        { body: { name: 'A', subject: 'S', tags: 'x'.repeat(31) } },
        ROOM_MESSAGES.tagTooLong,
      ],
      [
        'POST',
        '/api/rooms',
        { body: { name: 'A', subject: 'S', visibility: 'x' } },
        ROOM_MESSAGES.visibilityInvalid,
      ],
      ['POST', '/api/rooms', { body: [] }, /JSON object|Room name/],
      ['POST', '/api/rooms', { body: 'text' }, /JSON object|Room name/],
      ['POST', '/api/rooms', { raw: '{"name": "A",' }, 'The request body is not valid JSON.'],
      ['POST', '/api/rooms', { raw: '' }, /JSON object/],
      ['POST', '/api/rooms/join', { raw: '{bad' }, 'The request body is not valid JSON.'],
      ['POST', '/api/rooms/join', { body: null }, /JSON object|room code/],
      ['PATCH', r, { body: {} }, ROOM_MESSAGES.nothingToUpdate],
      ['PATCH', r, { body: { code: 'AAAAAA' } }, /Unknown field: code/],
      ['PATCH', r, { body: { name: '' } }, 'Room name is required'],
      ['PATCH', r, { body: { status: 'sleeping' } }, ROOM_MESSAGES.statusInvalid],
      ['PATCH', r, { body: { isPrivate: 'no' } }, ROOM_MESSAGES.isPrivateInvalid],
      ['PATCH', r, { raw: 'nope' }, 'The request body is not valid JSON.'],
      ['PATCH', m, { body: {} }, ROOM_MESSAGES.roleInvalid],
      ['PATCH', m, { body: { role: 'king' } }, ROOM_MESSAGES.roleInvalid],
      ['PATCH', m, { raw: '[' }, 'The request body is not valid JSON.'],
      ['POST', `${r}/invitations`, { body: {} }, 'Email is required'],
      ['POST', `${r}/invitations`, { body: { email: 'x' } }, 'Please enter a valid email address'],
      [
        'POST',
        `${r}/invitations`,
        { body: { email: 'a@b.co', role: 'owner' } },
        ROOM_MESSAGES.roleInvalid,
      ],
      ['POST', `${r}/invitations`, { raw: '{' }, 'The request body is not valid JSON.'],
      // PostgreSQL text cannot hold U+0000: refused before it reaches a query.
      ['POST', '/api/rooms', { body: { name: 'A\u0000', subject: 'S' } }, /NUL character/],
      ['PATCH', r, { body: { tags: ['a\u0000'] } }, /NUL character/],
      ['POST', `${r}/invitations`, { body: { email: 'a\u0000@b.co' } }, /NUL character/],
      ['GET', '/api/rooms?q=%00', {}, /NUL character/],
    ];
    // Broken or hostile path parameters are a 4xx too.
    for (const path of [
      '/api/rooms/%E0%A4%A',
      `/api/rooms/${'a'.repeat(200)}`,
      '/api/rooms/%00',
      '/api/rooms/abc%00-def',
    ]) {
      const res = await http(t.baseUrl, 'GET', path, { token: owner });
      expect([path, res.status >= 400 && res.status < 500]).toEqual([path, true]);
    }
    for (const [method, path, options, message] of cases) {
      const res = await http(t.baseUrl, method, path, { ...options, token: owner });
      const label = `${method} ${path} ${JSON.stringify(options)}`;
      expect([label, res.status]).toEqual([label, 400]);
      expect(res.body.message).toEqual(expect.stringMatching(message));
      expect(res.body.error).toBe(res.body.message);
    }
  });
});
