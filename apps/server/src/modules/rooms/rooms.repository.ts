import { and, asc, desc, eq, inArray, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RoomListScope, RoomRole, RoomStatus } from '@studycircle/shared';
import { fromTx, toTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { addMembership, RoomFullError } from '../../db/memberships.repository.js';
import { roomJoinRequests, roomMembers, rooms } from './rooms.tables.js';
import { users } from '../users/users.tables.js';
import { PUBLIC_ROOMS_PER_OWNER } from './room-limits.js';

/**
 * The rooms module's only access to the database: rooms and room_members (room_messages belong
 * to the chat module).
 * rooms.member_count is denormalised; every write that adds or removes a membership changes it
 * in the same transaction, with a conditional update that also enforces maxMembers atomically.
 */

/** A room row joined with the caller's membership (role and joinedAt null when not a member). */
export interface RoomWithMembership {
  id: string;
  code: string;
  slug: string;
  name: string;
  subject: string;
  description: string;
  isPrivate: boolean;
  maxMembers: number;
  status: string;
  tags: string[];
  memberCount: number;
  ownerId: string;
  createdAt: Date;
  role: string | null;
  joinedAt: Date | null;
}

export interface NewRoomRow {
  id: string;
  code: string;
  slug: string;
  name: string;
  subject: string;
  description: string;
  isPrivate: boolean;
  maxMembers: number;
  tags: string[];
  ownerId: string;
  createdAt: Date;
}

export type RoomChanges = Partial<
  Pick<
    NewRoomRow,
    'name' | 'slug' | 'subject' | 'description' | 'isPrivate' | 'maxMembers' | 'tags'
  > & { status: RoomStatus }
>;

export interface ListFilter {
  userId: string;
  scope: RoomListScope;
  /** A case-insensitive substring of name, subject or a tag. */
  q?: string | undefined;
  status?: RoomStatus | undefined;
  limit: number;
  /** Keyset position: rooms strictly older than this (created_at text, id). */
  after?: { createdAt: string; id: string } | undefined;
}

/** Which optional parts the list query has; each combination is one prepared statement. */
interface ListShape {
  scope: RoomListScope;
  hasSearch: boolean;
  hasStatus: boolean;
  hasAfter: boolean;
}

const roomColumns = {
  id: rooms.id,
  code: rooms.code,
  slug: rooms.slug,
  name: rooms.name,
  subject: rooms.subject,
  description: rooms.description,
  isPrivate: rooms.isPrivate,
  maxMembers: rooms.maxMembers,
  status: rooms.status,
  tags: rooms.tags,
  memberCount: rooms.memberCount,
  ownerId: rooms.ownerId,
  createdAt: rooms.createdAt,
};

const withMembership = {
  ...roomColumns,
  role: roomMembers.role,
  joinedAt: roomMembers.joinedAt,
};

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.code ?? e?.cause?.code) === '23505';
}

/** True for PostgreSQL's foreign_key_violation (a row points at a user or room that is gone). */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.code ?? e?.cause?.code) === '23503';
}

/**
 * True when the room is one of its owner's PUBLIC_ROOMS_PER_OWNER newest public rooms: fewer
 * than that many public rooms of the same owner are newer. The only public rooms a stranger's
 * list shows, so one account cannot fill everyone's list (room-limits.ts). Reads at most that
 * many rows of rooms_owner_public_created_idx per room it looks at.
 */
const amongOwnersNewestPublic = sql`(
  select count(*) from (
    select 1 from ${rooms} as newer
     where newer.owner_id = ${rooms.ownerId} and newer.is_private = false
       and (newer.created_at, newer.id) > (${rooms.createdAt}, ${rooms.id})
     limit ${sql.raw(String(PUBLIC_ROOMS_PER_OWNER))}
  ) as newer_rooms
) < ${sql.raw(String(PUBLIC_ROOMS_PER_OWNER))}`;

/** Escapes LIKE wildcards so a search for "100%" matches the text, not everything. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The caller's membership joined to each room: a primary-key lookup per row. */
const membershipJoin = (userId: string | Placeholder) =>
  and(eq(roomMembers.roomId, rooms.id), eq(roomMembers.userId, userId));

export function createRoomsRepository(db: Db) {
  /**
   * Adds a member in one transaction unless already one or the room is full (then nothing is
   * written). `first`, in the same transaction, may call it off ('missing'): accepting a request
   * to join deletes the request there, so a full room keeps it.
   */
  async function addMember(
    roomId: string,
    userId: string,
    joinedAt: Date,
    first?: (tx: Db) => Promise<boolean>,
  ): Promise<'added' | 'exists' | 'missing' | 'full'> {
    try {
      return await db.transaction(async (tx) => {
        if (first && !(await first(tx))) return 'missing';
        const result = await addMembership(tx, roomId, userId, 'member', joinedAt);
        if (result === 'full') throw new RoomFullError();
        return result;
      });
    } catch (err) {
      if (err instanceof RoomFullError) return 'full';
      throw err;
    }
  }

  /**
   * A room by one of its keys with the caller's membership: the read behind nearly every room
   * request (each membership check) and socket join. Built once and prepared under a name, so
   * neither Drizzle builds it nor PostgreSQL parses it per request. Each key is unique (primary
   * key, code, slug), so the generic plan PostgreSQL may settle on is one index probe whatever
   * the value (docs/decisions/0049-request-hot-path.md).
   */
  const findByKey = (key: typeof rooms.id | typeof rooms.code | typeof rooms.slug, name: string) =>
    db
      .select(withMembership)
      .from(rooms)
      .leftJoin(roomMembers, membershipJoin(sql.placeholder('userId')))
      .where(eq(key, sql.placeholder('key')))
      .limit(1)
      .prepare(name);
  const findStatements = {
    id: findByKey(rooms.id, 'rooms_find_by_id'),
    code: findByKey(rooms.code, 'rooms_find_by_code'),
    slug: findByKey(rooms.slug, 'rooms_find_by_slug'),
  };
  async function findOne(
    by: keyof typeof findStatements,
    key: string,
    userId: string,
  ): Promise<RoomWithMembership | undefined> {
    const [row] = await findStatements[by].execute({ key, userId });
    return row;
  }

  /**
   * The list query for one combination of filters, with placeholders for every value. Building
   * it with Drizzle took about 0.3 ms of CPU per request, as much as PostgreSQL spends running
   * it, so each of the few shapes (3 scopes x search x status x cursor) is built once, on first
   * use, and kept.
   */
  function buildListStatement(shape: ListShape) {
    const userId = sql.placeholder('userId');
    const conditions: SQL[] = [];
    const isMember = sql`${roomMembers.userId} is not null`;
    // Browsing shows only each owner's newest few public rooms of others (room-limits.ts), so one
    // account cannot fill everyone's list; a search finds every public room that matches, since
    // a student looking for a room by its name must find it (and creation is rate-limited).
    const shownPublic = shape.hasSearch ? sql`true` : amongOwnersNewestPublic;
    const listedPublic = and(eq(rooms.isPrivate, false), shownPublic)!;
    if (shape.scope === 'mine') conditions.push(isMember);
    else if (shape.scope === 'public') {
      conditions.push(eq(rooms.isPrivate, false), or(isMember, shownPublic)!);
    } else conditions.push(or(isMember, listedPublic)!);
    if (shape.hasStatus) conditions.push(eq(rooms.status, sql.placeholder('status')));
    if (shape.hasSearch) {
      const p = sql.placeholder('pattern');
      conditions.push(
        or(
          sql`${rooms.name} ilike ${p}`,
          sql`${rooms.subject} ilike ${p}`,
          sql`array_to_string(${rooms.tags}, ' ') ilike ${p}`,
        )!,
      );
    }
    if (shape.hasAfter) {
      conditions.push(
        sql`(${rooms.createdAt}, ${rooms.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')})`,
      );
    }
    const base = db
      .select({ ...withMembership, cursorKey: sql<string>`${rooms.createdAt}::text` })
      .from(rooms);
    // "mine" starts from the caller's memberships (an index range) instead of every room.
    const joined =
      shape.scope === 'mine'
        ? base.innerJoin(roomMembers, membershipJoin(userId))
        : base.leftJoin(roomMembers, membershipJoin(userId));
    return (
      joined
        .where(and(...conditions))
        .orderBy(desc(rooms.createdAt), desc(rooms.id))
        .limit(sql.placeholder('limit'))
        // The empty name is PostgreSQL's unnamed statement: parsed and planned again on every
        // execution with the actual values. A named one may settle on a generic plan after five
        // runs, and no single plan suits both a user in 10,000 rooms and one in 3 (measured on
        // the benchmark's data: 54 ms instead of 0.5 ms for the heavy user's "mine" page).
        .prepare('')
    );
  }
  const listStatements = new Map<string, ReturnType<typeof buildListStatement>>();

  return {
    /** Creates the room with its owner's membership (count 1) in one transaction. */
    async insertWithOwner(row: NewRoomRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(rooms).values({ ...row, memberCount: 1, updatedAt: row.createdAt });
        await tx
          .insert(roomMembers)
          .values({ roomId: row.id, userId: row.ownerId, role: 'owner', joinedAt: row.createdAt });
      });
    },

    findById: (id: string, userId: string) => findOne('id', id, userId),
    findByCode: (code: string, userId: string) => findOne('code', code, userId),
    findBySlug: (slug: string, userId: string) => findOne('slug', slug, userId),

    /**
     * One page of rooms, newest first, plus a `cursorKey` per row (created_at as text keeps its
     * microseconds, which a JavaScript Date would drop and so skip or repeat rows).
     */
    list(filter: ListFilter) {
      const shape: ListShape = {
        scope: filter.scope,
        hasSearch: Boolean(filter.q),
        hasStatus: Boolean(filter.status),
        hasAfter: Boolean(filter.after),
      };
      const key = `${shape.scope}:${+shape.hasSearch}${+shape.hasStatus}${+shape.hasAfter}`;
      let statement = listStatements.get(key);
      if (!statement) {
        statement = buildListStatement(shape);
        listStatements.set(key, statement);
      }
      return statement.execute({
        userId: filter.userId,
        pattern: filter.q ? likePattern(filter.q) : undefined,
        status: filter.status,
        afterCreatedAt: filter.after?.createdAt,
        afterId: filter.after?.id,
        limit: filter.limit,
      });
    },

    /** Adds a member unless already one or the room is full (then nothing is written). */
    async join(
      roomId: string,
      userId: string,
      joinedAt: Date,
    ): Promise<'added' | 'exists' | 'full'> {
      // Without a first step it never answers 'missing'.
      return addMember(roomId, userId, joinedAt) as Promise<'added' | 'exists' | 'full'>;
    },

    /**
     * Removes a membership (never the owner's) and lowers the count; returns whether it existed.
     * `alsoInTransaction` runs in the same transaction once the row is gone (other modules' rows
     * that must go with the membership: decision 0041); if it throws, nothing is removed.
     */
    async removeMember(
      roomId: string,
      userId: string,
      alsoInTransaction?: (tx: Tx) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(roomMembers)
          .where(
            and(
              eq(roomMembers.roomId, roomId),
              eq(roomMembers.userId, userId),
              ne(roomMembers.role, 'owner'),
            ),
          )
          .returning({ userId: roomMembers.userId });
        if (removed.length === 0) return false;
        await tx
          .update(rooms)
          .set({ memberCount: sql`greatest(${rooms.memberCount} - 1, 0)` })
          .where(eq(rooms.id, roomId));
        await alsoInTransaction?.(toTx(tx));
        return true;
      });
    },

    /**
     * Runs `work` in a transaction that holds the membership row locked (FOR KEY SHARE) until it
     * commits, or returns `{ isMember: false }` without running it. A removal of that membership
     * (a DELETE, which needs the row exclusively) waits for `work` to commit and then sees what
     * it wrote; one that committed first leaves nothing to lock. So whatever `work` writes on
     * the strength of the membership cannot outlive it (decision 0041).
     */
    async withMembershipLocked<T>(
      roomId: string,
      userId: string,
      work: (tx: Tx) => Promise<T>,
    ): Promise<{ isMember: false } | { isMember: true; result: T }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ userId: roomMembers.userId })
          .from(roomMembers)
          .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)))
          .for('key share');
        if (!row) return { isMember: false as const };
        return { isMember: true as const, result: await work(toTx(tx)) };
      });
    },

    /**
     * Applies changes; a new maxMembers only when it is not below the current count (checked in
     * the same statement, so a join racing the edit cannot slip past it). Returns false when
     * that condition failed.
     */
    async update(roomId: string, changes: RoomChanges, now: Date): Promise<boolean> {
      const conditions = [eq(rooms.id, roomId)];
      if (changes.maxMembers !== undefined) {
        conditions.push(sql`${rooms.memberCount} <= ${changes.maxMembers}`);
      }
      const updated = await db
        .update(rooms)
        .set({ ...changes, updatedAt: now })
        .where(and(...conditions))
        .returning({ id: rooms.id });
      return updated.length > 0;
    },

    /** Deletes the room; memberships, invitations and messages go with it (ON DELETE CASCADE). */
    async delete(roomId: string): Promise<boolean> {
      const deleted = await db
        .delete(rooms)
        .where(eq(rooms.id, roomId))
        .returning({ id: rooms.id });
      return deleted.length > 0;
    },

    async findMembership(roomId: string, userId: string) {
      const [row] = await db
        .select({ role: roomMembers.role, joinedAt: roomMembers.joinedAt })
        .from(roomMembers)
        .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
      return row;
    },

    /** A member's picture ('' for none); undefined when the user is not a member. */
    async findMemberAvatar(roomId: string, userId: string) {
      const [row] = await db
        .select({ profilePic: users.profilePic })
        .from(roomMembers)
        .innerJoin(users, eq(users.id, roomMembers.userId))
        .where(and(eq(roomMembers.roomId, roomId), eq(roomMembers.userId, userId)));
      return row;
    },

    /** Members with their names: owner, admins, members, each group by join time. */
    async listMembers(roomId: string) {
      return db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: roomMembers.role,
          joinedAt: roomMembers.joinedAt,
        })
        .from(roomMembers)
        .innerJoin(users, eq(users.id, roomMembers.userId))
        .where(eq(roomMembers.roomId, roomId))
        .orderBy(
          sql`case ${roomMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
          asc(roomMembers.joinedAt),
          asc(users.id),
        );
    },

    /** Whether `userId` waits for an answer to join `roomId`. */
    async hasJoinRequest(roomId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: roomJoinRequests.userId })
        .from(roomJoinRequests)
        .where(and(eq(roomJoinRequests.roomId, roomId), eq(roomJoinRequests.userId, userId)));
      return row !== undefined;
    },

    /**
     * Records a request to join, once (asking again keeps the first); refused past the limits of
     * waiting requests per room and per account. Both counts and the insert run in one
     * transaction that holds the room row, so two requests at once cannot both take the last
     * place of a room.
     */
    async addJoinRequest(
      roomId: string,
      userId: string,
      limits: { perRoom: number; perAccount: number },
    ): Promise<'added' | 'exists' | 'room-limit' | 'account-limit'> {
      return db.transaction(async (tx) => {
        await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).for('update');
        const [mine] = await tx
          .select({ userId: roomJoinRequests.userId })
          .from(roomJoinRequests)
          .where(and(eq(roomJoinRequests.roomId, roomId), eq(roomJoinRequests.userId, userId)));
        if (mine) return 'exists';
        const [inRoom] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(roomJoinRequests)
          .where(eq(roomJoinRequests.roomId, roomId));
        if ((inRoom?.n ?? 0) >= limits.perRoom) return 'room-limit';
        const [ofAccount] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(roomJoinRequests)
          .where(eq(roomJoinRequests.userId, userId));
        if ((ofAccount?.n ?? 0) >= limits.perAccount) return 'account-limit';
        await tx.insert(roomJoinRequests).values({ roomId, userId });
        return 'added';
      });
    },

    /** Removes a request to join; returns whether it was there. */
    async removeJoinRequest(roomId: string, userId: string): Promise<boolean> {
      const removed = await db
        .delete(roomJoinRequests)
        .where(and(eq(roomJoinRequests.roomId, roomId), eq(roomJoinRequests.userId, userId)))
        .returning({ userId: roomJoinRequests.userId });
      return removed.length > 0;
    },

    /** The room's name and the ids of its owner and admins; undefined when it is gone. */
    async managersOf(roomId: string): Promise<{ name: string; ids: string[] } | undefined> {
      const [room] = await db.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, roomId));
      if (!room) return undefined;
      const rows = await db
        .select({ userId: roomMembers.userId })
        .from(roomMembers)
        .where(and(eq(roomMembers.roomId, roomId), inArray(roomMembers.role, ['owner', 'admin'])));
      return { name: room.name, ids: rows.map((r) => r.userId) };
    },

    /** A room's waiting requests with the askers' names, oldest first. */
    async listJoinRequests(roomId: string) {
      return db
        .select({
          userId: roomJoinRequests.userId,
          name: users.name,
          createdAt: roomJoinRequests.createdAt,
        })
        .from(roomJoinRequests)
        .innerJoin(users, eq(users.id, roomJoinRequests.userId))
        .where(eq(roomJoinRequests.roomId, roomId))
        .orderBy(asc(roomJoinRequests.createdAt), asc(roomJoinRequests.userId));
    },

    /**
     * Accepts a request: the request goes and the asker becomes a member, in one transaction, so
     * a full room keeps the request (nothing is written) and an accepted one is never left over.
     */
    async acceptJoinRequest(
      roomId: string,
      userId: string,
      joinedAt: Date,
    ): Promise<'added' | 'exists' | 'missing' | 'full'> {
      return addMember(roomId, userId, joinedAt, async (tx) => {
        const removed = await tx
          .delete(roomJoinRequests)
          .where(and(eq(roomJoinRequests.roomId, roomId), eq(roomJoinRequests.userId, userId)))
          .returning({ userId: roomJoinRequests.userId });
        return removed.length > 0;
      });
    },

    /** Sets a non-owner member's role; returns false when there is no such member. */
    async setRole(roomId: string, userId: string, role: RoomRole): Promise<boolean> {
      const updated = await db
        .update(roomMembers)
        .set({ role })
        .where(
          and(
            eq(roomMembers.roomId, roomId),
            eq(roomMembers.userId, userId),
            ne(roomMembers.role, 'owner'),
          ),
        )
        .returning({ userId: roomMembers.userId });
      return updated.length > 0;
    },
  };
}

/** What deleting an account did to the rooms the user owned. */
export interface RoomsHandedOver {
  /** Rooms handed to another member (room id and the new owner's id). */
  handedOver: { roomId: string; newOwnerId: string }[];
  /** Rooms deleted because nobody else was in them. */
  deletedRooms: string[];
}

/**
 * The rooms' part of deleting an account, on its transaction
 * (docs/decisions/0013-deleting-an-account.md, 0065): each room the user owns passes to its
 * longest-standing admin, else its longest-standing member, and is deleted (with what the room
 * holds) when nobody else is in it; every room they were in counts one member less; their
 * memberships go.
 */
export async function handOverRoomsOfAccount(
  transaction: Tx,
  userId: string,
): Promise<RoomsHandedOver> {
  const tx = fromTx(transaction);
  const result: RoomsHandedOver = { handedOver: [], deletedRooms: [] };
  // Their requests to join other rooms go first (those to their own rooms go with the rooms).
  await tx.delete(roomJoinRequests).where(eq(roomJoinRequests.userId, userId));
  const owned = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.ownerId, userId))
    .for('update');
  for (const room of owned) {
    const [successor] = await tx
      .select({ userId: roomMembers.userId })
      .from(roomMembers)
      .where(and(eq(roomMembers.roomId, room.id), ne(roomMembers.userId, userId)))
      .orderBy(desc(sql`${roomMembers.role} = 'admin'`), asc(roomMembers.joinedAt))
      .limit(1);
    if (!successor) {
      await tx.delete(rooms).where(eq(rooms.id, room.id));
      result.deletedRooms.push(room.id);
      continue;
    }
    await tx
      .update(rooms)
      .set({ ownerId: successor.userId, updatedAt: new Date() })
      .where(eq(rooms.id, room.id));
    await tx
      .update(roomMembers)
      .set({ role: 'owner' })
      .where(and(eq(roomMembers.roomId, room.id), eq(roomMembers.userId, successor.userId)));
    result.handedOver.push({ roomId: room.id, newOwnerId: successor.userId });
  }
  // The member counts live on the rooms (kept in step with room_members), so every room the
  // user leaves by disappearing counts one less as the memberships go.
  const memberships = await tx
    .delete(roomMembers)
    .where(eq(roomMembers.userId, userId))
    .returning({ roomId: roomMembers.roomId });
  if (memberships.length > 0) {
    await tx
      .update(rooms)
      .set({ memberCount: sql`greatest(${rooms.memberCount} - 1, 0)` })
      .where(
        inArray(
          rooms.id,
          memberships.map((m) => m.roomId),
        ),
      );
  }
  return result;
}

export type RoomsRepository = ReturnType<typeof createRoomsRepository>;
