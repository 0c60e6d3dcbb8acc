import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  RoomListResponseSchema,
  RoomResponseSchema,
  type Room,
} from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { rooms } from '../../db/schema.js';
import { PUBLIC_ROOMS_PER_OWNER, ROOM_CREATION_LIMIT } from './room-limits.js';

/**
 * What one account cannot do to everyone else's rooms page: create rooms without end (a limit per
 * hour, answered 429 with Retry-After), or fill the public list (a stranger sees only each
 * owner's newest few public rooms). And an account deleted while it creates a room gets 401, not
 * a 500 from the database's foreign key.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type User = Awaited<ReturnType<typeof registerUser>>;

const create = (user: User, body: Record<string, unknown>) =>
  http(t.baseUrl, 'POST', '/api/rooms', {
    token: user.token,
    body: { name: 'Room', subject: 'Maths', ...body },
  });

async function list(user: User, query: string) {
  const res = await http(t.baseUrl, 'GET', `/api/rooms${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return RoomListResponseSchema.parse(res.body);
}

/** Every room of a listing, page by page (`limit` rooms a page). */
async function walk(user: User, query: string, limit: number): Promise<Room[]> {
  const seen: Room[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page = await list(user, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...page.rooms);
    cursor = page.nextCursor;
  }
  return seen;
}

describe('creating rooms', () => {
  it('is limited per account per hour, with a clear 429 and Retry-After', async () => {
    const flooder = await registerUser(t.baseUrl);
    const bystander = await registerUser(t.baseUrl);
    for (let i = 0; i < ROOM_CREATION_LIMIT.max; i++) {
      const res = await create(flooder, { name: `Flood ${i}`, visibility: 'public' });
      expect(res.status, `room ${i}`).toBe(201);
    }
    const refused = await create(flooder, { name: 'One too many', visibility: 'public' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^You have created the most rooms allowed in an hour\. Please try again in \d+ minutes?\.$/,
      ),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // Per account: someone else creates as before.
    expect((await create(bystander, { name: 'Mine' })).status).toBe(201);
  });

  it('answers 401 when the account is deleted between the sign-in check and the insert', async () => {
    const user = await registerUser(t.baseUrl);
    // The race, made certain: the account goes after the request was authenticated and before
    // the room is written.
    const service = t.app.services.rooms;
    const original = service.create;
    service.create = async (...args) => {
      await t.app.services.auth.deleteAccount(user.user.id, user.password);
      return original(...args);
    };
    try {
      const res = await create(user, { name: 'Orphan' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', message: MESSAGES.sessionExpired });
    } finally {
      service.create = original;
    }
    const left = await t.database.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(eq(rooms.ownerId, user.user.id));
    expect(left).toEqual([]);
  });

  if (process.env.DATABASE_URL) {
    it('answers 401 when the deletion commits while the insert waits on it (PostgreSQL)', async () => {
      const user = await registerUser(t.baseUrl);
      const result = await t.database.db.execute(sql`select current_database() as name`);
      const { name } = (result as unknown as { rows: { name: string }[] }).rows[0]!;
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const deleter = new pg.Client({ connectionString: url.toString() });
      await deleter.connect();
      try {
        // The account's deletion holds the user row, uncommitted, as deleteAccount's does.
        await deleter.query('begin');
        await deleter.query('delete from users where id = $1', [user.user.id]);
        // The request authenticates (reads do not wait on the lock), then its insert's foreign
        // key check waits for the deletion to end.
        const pending = create(user, { name: 'Racing' });
        const deadline = Date.now() + 10_000;
        for (;;) {
          const { rows } = await deleter.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and pid <> pg_backend_pid()`,
          );
          if (rows[0]!.n > 0) break;
          if (Date.now() > deadline) throw new Error('the insert never waited on the deletion');
          await new Promise((r) => setTimeout(r, 20));
        }
        await deleter.query('commit');
        const res = await pending;
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ message: MESSAGES.sessionExpired });
      } finally {
        await deleter.end();
      }
    });
  }
});

describe('the public list', () => {
  it("shows a stranger only each owner's newest public rooms, the owner and members all", async () => {
    const flooder = await registerUser(t.baseUrl);
    const member = await registerUser(t.baseUrl);
    const stranger = await registerUser(t.baseUrl);
    const other = await registerUser(t.baseUrl);
    const theirs: Room[] = [];
    const topic = `Flood${Date.now()}`;
    for (let i = 0; i < 12; i++) {
      const res = await create(flooder, { name: `${topic} ${i}`, visibility: 'public' });
      theirs.push(RoomResponseSchema.parse(res.body).room);
    }
    const oldest = theirs[0]!;
    expect(
      (
        await http(t.baseUrl, 'POST', '/api/rooms/join', {
          token: member.token,
          body: { code: oldest.code },
        })
      ).status,
    ).toBe(200);
    const another = RoomResponseSchema.parse(
      (await create(other, { name: `${topic} elsewhere`, visibility: 'public' })).body,
    ).room;

    const newest = theirs
      .slice(-PUBLIC_ROOMS_PER_OWNER)
      .reverse()
      .map((r) => r.id);
    const ours = new Set([another.id, ...theirs.map((r) => r.id)]);
    const browse = async (who: typeof stranger, scope: string, limit: number) =>
      (await walk(who, `?scope=${scope}`, limit)).map((r) => r.id).filter((id) => ours.has(id));
    for (const scope of ['all', 'public']) {
      // Browsing, page by page in pages smaller than the cap, and as one page: the same rooms.
      for (const limit of [2, 50]) {
        expect(await browse(stranger, scope, limit), `${scope}, ${limit} a page`).toEqual([
          another.id,
          ...newest,
        ]);
      }
      // A member still finds the room they belong to; the owner finds every one of theirs.
      expect(await browse(member, scope, 50)).toEqual([another.id, ...newest, oldest.id]);
      expect(await browse(flooder, scope, 5)).toEqual([
        another.id,
        ...[...theirs].reverse().map((r) => r.id),
      ]);
      // A search finds every public room that matches, the flooder's oldest too: a student
      // looking for a room by its name must find it.
      const found = await walk(
        stranger,
        `?q=${encodeURIComponent(`${topic} 0`)}&scope=${scope}`,
        50,
      );
      expect(found.map((r) => r.id)).toEqual([oldest.id]);
    }
  });
});
