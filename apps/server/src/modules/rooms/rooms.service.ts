import { randomInt } from 'node:crypto';
import {
  JOIN_CODE_ALPHABET,
  MESSAGES,
  OBJECT_ID_PATTERN,
  ROOM_LIMITS,
  ROOM_MESSAGES,
  readRoomKey,
  type AssignableRole,
  type CreateRoomData,
  type Room,
  type RoomPreview,
  type JoinRequest,
  JOIN_REQUEST_LIMITS,
  type RoomListResponse,
  type RoomMember,
  type RoomRole,
  type RoomStatus,
  type UpdateRoomData,
  type ListRoomsQuerySchema,
} from '@studycircle/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { createRoomCreationLimit } from './room-limits.js';
import {
  handOverRoomsOfAccount,
  isForeignKeyViolation,
  isUniqueViolation,
  type RoomChanges,
  type RoomsHandedOver,
  type RoomWithMembership,
  type RoomsRepository,
} from './rooms.repository.js';

/**
 * Study rooms: creation with a collision-safe join code, lists, reads by id / code / slug,
 * joining by code, leaving, editing, deleting, members and their roles. Every rule about who may
 * do what in a room lives here; routes only parse and reply, and other modules ask `requireRole`
 * or `requireMember`. When a membership or a room ends it publishes a `RoomEvents` event rather
 * than calling whoever must react, so it depends on no other service. The choices behind
 * codes, lists and invitations: docs/decisions/0003-rooms-codes-lists-and-invitations.md.
 */

/** How many fresh codes to try when a generated one is already taken (vanishingly rare). */
const CODE_ATTEMPTS = 5;

/**
 * A random join code: `length` characters drawn uniformly (crypto.randomInt rejects biased
 * values) from the unambiguous alphabet.
 */
export function generateJoinCode(length: number = ROOM_LIMITS.generatedCodeLength): string {
  let code = '';
  for (let i = 0; i < length; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

/** "Linear Algebra — Week 3!" + code -> "linear-algebra-week-3-ab23cd45": readable and unique. */
export function roomSlug(name: string, code: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${base || 'room'}-${code.toLowerCase()}`;
}

/** The API shape of a room for the caller whose membership came joined to the row. */
export function toRoom(row: RoomWithMembership): Room {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    code: row.code,
    slug: row.slug,
    subject: row.subject,
    description: row.description,
    visibility: row.isPrivate ? 'private' : 'public',
    isPrivate: row.isPrivate,
    members: row.memberCount,
    maxMembers: row.maxMembers,
    status: row.status as RoomStatus,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    ownerId: row.ownerId,
    userRole: (row.role as RoomRole | null) ?? null,
    isMember: row.role !== null,
    joinedAt: row.joinedAt ? row.joinedAt.toISOString() : null,
  };
}

type ListQuery = z.output<typeof ListRoomsQuerySchema>;

function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

/** PostgreSQL's text form of a timestamptz, as `created_at::text` writes it into cursors. */
const CURSOR_TIME =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::[0-5]\d){0,2}$/;

/**
 * True when PostgreSQL can cast the text back to a timestamptz. Date.parse alone is not enough:
 * it accepts "1", "2024-02-30" or six-digit years, which the cast refuses with an error.
 */
function isCursorTime(text: string): boolean {
  const m = CURSOR_TIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offset] = m.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(2000, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    // 2000 is a leap year: February 29 must still exist in the cursor's own year.
    (month !== 2 || day !== 29 || new Date(Date.UTC(year!, 1, 29)).getUTCMonth() === 1) &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offset! <= 15
  );
}

/** An unreadable cursor is the client's mistake: 400, never a 500 from a bad cast. */
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (
      typeof createdAt === 'string' &&
      isCursorTime(createdAt) &&
      typeof id === 'string' &&
      OBJECT_ID_PATTERN.test(id)
    ) {
      return { createdAt, id };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw AppError.badRequest('Invalid cursor');
}

/**
 * What the rooms service tells other modules, after the change is committed. Rooms depends on no
 * other service: whoever must act on these (room presence takes the user's sockets out of the
 * room's call and chat) subscribes in services.ts.
 */
export interface RoomEvents {
  /** `userId` is no longer a member of the room: they left, or were removed. */
  'membership-ended': { roomId: string; userId: string };
  /** The room was deleted, with its memberships, invitations and messages. */
  'room-closed': { roomId: string };
  /**
   * The room's requests to join changed (docs/decisions/0067-ask-to-join.md): its owner and
   * admins (`managerIds`) are told, with who asked when someone did; an answered asker is told
   * whether they are in.
   */
  'join-requests-changed': {
    roomId: string;
    roomName: string;
    managerIds: string[];
    requester?: { id: string; name: string };
    answered?: { userId: string; accepted: boolean };
  };
}

/**
 * Work another module does inside the transaction that ends a membership, for rows of its own
 * that must not outlive it (a member's workspace shares: decision 0041). Kept to writes in the
 * database: anything that reaches sockets or other nodes belongs to `membership-ended`.
 */
export type MembershipEndingHook = (
  tx: Tx,
  ended: { roomId: string; userId: string },
) => Promise<void>;

export interface RoomsServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: RoomsRepository;
  /** Where membership and room endings are published. */
  events: EventPublisher<RoomEvents>;
  /** Counts room creations per account, so one account cannot flood the public list. */
  rateLimiter: RateLimiter;
  rateLimitFactor: number;
  now?: () => Date;
  /** Replaces the random code generator (tests force collisions with it). */
  generateCode?: () => string;
}

export function createRoomsService({
  repo,
  events,
  rateLimiter,
  rateLimitFactor,
  now: clock,
  generateCode,
}: RoomsServiceDeps) {
  const now = clock ?? (() => new Date());
  const nextCode = generateCode ?? (() => generateJoinCode());
  const spendRoomCreation = createRoomCreationLimit(rateLimiter, rateLimitFactor);
  const endingHooks: MembershipEndingHook[] = [];

  /** Removes the membership with every ending hook in its transaction, then announces it. */
  async function endMembership(roomId: string, userId: string): Promise<void> {
    const removed = await repo.removeMember(roomId, userId, async (tx) => {
      for (const hook of endingHooks) await hook(tx, { roomId, userId });
    });
    if (!removed) return;
    // Committed: the follow-ups (sockets on every node, notes connections, focus) cannot fail
    // the caller; the bus runs each and logs any that fails (decision 0040).
    await events.emit('membership-ended', { roomId, userId });
  }

  /** The room by id with the caller's membership; 404 for a malformed or unknown id. */
  async function byId(roomId: string, userId: string): Promise<RoomWithMembership> {
    const row = OBJECT_ID_PATTERN.test(roomId) ? await repo.findById(roomId, userId) : undefined;
    if (!row) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
    return row;
  }

  /** The room when the caller holds one of `roles`; 403 otherwise. */
  async function requireRole(
    roomId: string,
    userId: string,
    roles: readonly RoomRole[],
    message: string,
  ): Promise<RoomWithMembership> {
    const row = await byId(roomId, userId);
    if (!row.role || !roles.includes(row.role as RoomRole)) throw AppError.forbidden(message);
    return row;
  }

  /**
   * Announces a change to the room's requests to join, to its owner and admins as they are now
   * (and the answered asker). Committed already: a failed push fails nobody's request.
   */
  async function joinRequestsChanged(
    roomId: string,
    knownName?: string,
    change: Pick<RoomEvents['join-requests-changed'], 'requester' | 'answered'> = {},
  ): Promise<void> {
    const managers = await repo.managersOf(roomId);
    if (!managers) return;
    await events.emit('join-requests-changed', {
      roomId,
      roomName: knownName ?? managers.name,
      managerIds: managers.ids,
      ...change,
    });
  }

  const anyMember = ['owner', 'admin', 'member'] as const;

  return {
    /**
     * The rooms' part of deleting an account, on its transaction
     * (docs/decisions/0013-deleting-an-account.md, 0065): its owned rooms pass to the
     * longest-standing admin, else member, or are deleted when nobody else is in them; its
     * memberships go and the counts drop. Resolves with what happened to the owned rooms.
     */
    deleteAccountData(tx: Tx, userId: string): Promise<RoomsHandedOver> {
      return handOverRoomsOfAccount(tx, userId);
    },

    /**
     * Creates a room with the caller as owner. The join code is random; should it collide with
     * an existing one, the unique index refuses the insert and a new code is tried.
     */
    async create(user: AuthUser, input: CreateRoomData): Promise<Room> {
      await spendRoomCreation(user.id);
      for (let attempt = 1; ; attempt++) {
        const code = nextCode();
        const id = newId();
        const createdAt = now();
        try {
          await repo.insertWithOwner({
            id,
            code,
            slug: roomSlug(input.name, code),
            name: input.name,
            subject: input.subject,
            description: input.description,
            isPrivate: input.isPrivate,
            maxMembers: input.maxMembers,
            tags: input.tags,
            ownerId: user.id,
            createdAt,
          });
          return toRoom((await repo.findById(id, user.id))!);
        } catch (err) {
          // The account was deleted after this request was authenticated: it is gone, as its
          // session is (on PostgreSQL the owner's foreign key says so, not a 500).
          if (isForeignKeyViolation(err)) throw AppError.unauthorized(MESSAGES.sessionExpired);
          if (!isUniqueViolation(err) || attempt >= CODE_ATTEMPTS) throw err;
        }
      }
    },

    /**
     * The caller's rooms and public rooms (scope all), or one of the two; newest first, searched
     * over name, subject and tags, filtered by status, one page at a time.
     */
    async list(user: AuthUser, query: ListQuery): Promise<RoomListResponse> {
      const rows = await repo.list({
        userId: user.id,
        scope: query.scope,
        q: query.q || undefined,
        status: query.status,
        // One extra row tells whether another page exists.
        limit: query.limit + 1,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
      });
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        rooms: page.map(toRoom),
        nextCursor:
          rows.length > query.limit && last ? encodeCursor(last.cursorKey, last.id) : null,
      };
    },

    /**
     * Reads a room by id, join code or slug. Private rooms are shown to members only (403);
     * the code itself is the secret that lets anyone join, through `join`.
     */
    async get(user: AuthUser, idOrCode: string): Promise<Room> {
      // The web reads its links with the same function. Other text (a NUL byte would fail in
      // PostgreSQL as a 500) cannot name a room.
      const key = readRoomKey(idOrCode);
      let row: RoomWithMembership | undefined;
      if (key && 'id' in key) row = await repo.findById(key.id, user.id);
      else if (key && 'code' in key) row = await repo.findByCode(key.code, user.id);
      else if (key) row = await repo.findBySlug(key.slug, user.id);
      if (!row) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
      if (row.isPrivate && !row.role) throw AppError.forbidden(ROOM_MESSAGES.privateRoom);
      return toRoom(row);
    },

    /**
     * A room's name and privacy for anyone signed in who has its link: the page a non-member
     * lands on names the room it cannot open (nothing more; the code stays the secret).
     */
    async preview(user: AuthUser, id: string): Promise<RoomPreview> {
      const row = await repo.findById(id, user.id);
      if (!row) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
      const isMember = Boolean(row.role);
      return {
        id: row.id,
        name: row.name,
        isPrivate: row.isPrivate,
        isMember,
        requested: !isMember && (await repo.hasJoinRequest(row.id, user.id)),
      };
    },

    /**
     * Asks to join a private room (docs/decisions/0067-ask-to-join.md); asking again is
     * answered the same. A member, or a public room (joined directly), is told so.
     */
    async requestToJoin(user: AuthUser, roomId: string): Promise<{ created: boolean }> {
      const row = await repo.findById(roomId, user.id);
      if (!row) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
      if (row.role) throw AppError.conflict(ROOM_MESSAGES.alreadyMember);
      if (!row.isPrivate) throw AppError.badRequest(ROOM_MESSAGES.publicRoomJoinDirectly);
      const result = await repo.addJoinRequest(row.id, user.id, JOIN_REQUEST_LIMITS);
      if (result === 'room-limit') throw AppError.conflict(ROOM_MESSAGES.tooManyJoinRequests);
      if (result === 'account-limit') {
        throw AppError.conflict(ROOM_MESSAGES.tooManyOwnJoinRequests);
      }
      if (result === 'added') {
        await joinRequestsChanged(row.id, row.name, {
          requester: { id: user.id, name: user.name },
        });
      }
      return { created: result === 'added' };
    },

    /** Takes back one's own request to join (nothing to take back is fine). */
    async cancelJoinRequest(user: AuthUser, roomId: string): Promise<void> {
      if (await repo.removeJoinRequest(roomId, user.id)) await joinRequestsChanged(roomId);
    },

    /** The room's waiting requests to join, oldest first: for the owner and admins. */
    async joinRequests(user: AuthUser, roomId: string): Promise<JoinRequest[]> {
      await requireRole(roomId, user.id, ['owner', 'admin'], ROOM_MESSAGES.ownerOrAdminOnly);
      const rows = await repo.listJoinRequests(roomId);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** The owner or an admin lets the asker in, as a member (the room's limit holds). */
    async acceptJoinRequest(user: AuthUser, roomId: string, userId: string): Promise<void> {
      await requireRole(roomId, user.id, ['owner', 'admin'], ROOM_MESSAGES.ownerOrAdminOnly);
      const result = await repo.acceptJoinRequest(roomId, userId, now());
      if (result === 'missing') throw AppError.notFound(ROOM_MESSAGES.joinRequestNotFound);
      if (result === 'full') throw AppError.conflict(ROOM_MESSAGES.roomFull);
      await joinRequestsChanged(roomId, undefined, { answered: { userId, accepted: true } });
    },

    /** The owner or an admin turns a request down; the asker may ask again later. */
    async declineJoinRequest(user: AuthUser, roomId: string, userId: string): Promise<void> {
      await requireRole(roomId, user.id, ['owner', 'admin'], ROOM_MESSAGES.ownerOrAdminOnly);
      if (!(await repo.removeJoinRequest(roomId, userId))) {
        throw AppError.notFound(ROOM_MESSAGES.joinRequestNotFound);
      }
      await joinRequestsChanged(roomId, undefined, { answered: { userId, accepted: false } });
    },

    /**
     * Joins by code (already normalised by the schema). Idempotent: a member gets the room back
     * unchanged. A full room is refused with 409 unless the caller is already in it.
     */
    async join(user: AuthUser, code: string): Promise<Room> {
      const room = await repo.findByCode(code, user.id);
      if (!room) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
      if (!room.role) {
        const result = await repo.join(room.id, user.id, now());
        if (result === 'full') throw AppError.conflict(ROOM_MESSAGES.roomFull);
      }
      return toRoom((await repo.findById(room.id, user.id))!);
    },

    /** Leaves a room. The owner cannot: the room would be left without one. */
    async leave(user: AuthUser, roomId: string): Promise<void> {
      const room = await requireRole(roomId, user.id, anyMember, ROOM_MESSAGES.membersOnly);
      if (room.role === 'owner') throw AppError.badRequest(ROOM_MESSAGES.ownerCannotLeave);
      // Membership ended: the user's sockets leave the room's call and chat at once.
      await endMembership(room.id, user.id);
    },

    /** Edits a room (owner or admin). maxMembers may not drop below the current member count. */
    async update(user: AuthUser, roomId: string, input: UpdateRoomData): Promise<Room> {
      const room = await requireRole(
        roomId,
        user.id,
        ['owner', 'admin'],
        ROOM_MESSAGES.ownerOrAdminOnly,
      );
      const changes: RoomChanges = { ...input };
      if (input.name !== undefined) changes.slug = roomSlug(input.name, room.code);
      if (!(await repo.update(room.id, changes, now()))) {
        throw AppError.conflict(ROOM_MESSAGES.maxMembersBelowCount);
      }
      return toRoom((await repo.findById(room.id, user.id))!);
    },

    /** Deletes a room (owner only) with its memberships, invitations and messages. */
    async remove(user: AuthUser, roomId: string): Promise<void> {
      const room = await requireRole(roomId, user.id, ['owner'], ROOM_MESSAGES.ownerOnly);
      await repo.delete(room.id);
      await events.emit('room-closed', { roomId: room.id });
    },

    /**
     * The member list, for members only. E-mail addresses go to the owner and admins alone (they
     * invite and manage people); anyone can join a public room by its listed code, so a plain
     * member sees names and roles only.
     */
    async members(user: AuthUser, roomId: string): Promise<RoomMember[]> {
      const room = await requireRole(roomId, user.id, anyMember, ROOM_MESSAGES.membersOnly);
      const seesEmails = room.role === 'owner' || room.role === 'admin';
      const rows = await repo.listMembers(room.id);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        ...(seesEmails ? { email: r.email } : {}),
        role: r.role as RoomRole,
        joinedAt: r.joinedAt.toISOString(),
      }));
    },

    /**
     * One member's picture, for members of the same room only (the people they study and call
     * with); 404 when the user is not a member.
     */
    async memberAvatar(user: AuthUser, roomId: string, targetId: string): Promise<string> {
      const room = await requireRole(roomId, user.id, anyMember, ROOM_MESSAGES.membersOnly);
      const row = OBJECT_ID_PATTERN.test(targetId)
        ? await repo.findMemberAvatar(room.id, targetId)
        : undefined;
      if (!row) throw AppError.notFound(ROOM_MESSAGES.memberNotFound);
      return row.profilePic;
    },

    /** Makes a member an admin or back (owner only; not the owner's own role). */
    async changeRole(
      user: AuthUser,
      roomId: string,
      targetId: string,
      role: AssignableRole,
    ): Promise<RoomMember> {
      const room = await requireRole(roomId, user.id, ['owner'], ROOM_MESSAGES.ownerOnly);
      if (targetId === user.id) throw AppError.badRequest(ROOM_MESSAGES.cannotChangeOwnRole);
      if (!OBJECT_ID_PATTERN.test(targetId) || !(await repo.setRole(room.id, targetId, role))) {
        throw AppError.notFound(ROOM_MESSAGES.memberNotFound);
      }
      const member = (await repo.listMembers(room.id)).find((m) => m.id === targetId)!;
      return { ...member, role: member.role as RoomRole, joinedAt: member.joinedAt.toISOString() };
    },

    /** Removes someone: the owner removes anyone but themself, an admin removes plain members. */
    async removeMember(user: AuthUser, roomId: string, targetId: string): Promise<void> {
      const room = await requireRole(
        roomId,
        user.id,
        ['owner', 'admin'],
        ROOM_MESSAGES.ownerOrAdminOnly,
      );
      if (targetId === user.id) throw AppError.badRequest(ROOM_MESSAGES.cannotRemoveSelf);
      const target = OBJECT_ID_PATTERN.test(targetId)
        ? await repo.findMembership(room.id, targetId)
        : undefined;
      if (!target) throw AppError.notFound(ROOM_MESSAGES.memberNotFound);
      if (target.role === 'owner') throw AppError.forbidden(ROOM_MESSAGES.cannotRemoveOwner);
      if (room.role === 'admin' && target.role !== 'member') {
        throw AppError.forbidden(ROOM_MESSAGES.adminRemovesMembersOnly);
      }
      await endMembership(room.id, targetId);
    },

    /**
     * The room when `userId` holds one of `roles` in it (403 otherwise, 404 when unknown): for
     * other modules (invitations, chat) that act on a room.
     */
    requireRole,

    /** The room when the user is a member of it (any role); 403 or 404 otherwise. */
    requireMember(roomId: string, userId: string) {
      return requireRole(roomId, userId, anyMember, ROOM_MESSAGES.membersOnly);
    },

    /**
     * Runs `work` in a transaction that holds the user's membership of the room until it commits
     * (403 when there is none): a leave or a removal waits for it, and its hooks then see what
     * `work` wrote. For writes that must not outlive the membership (decision 0041).
     */
    async withMembership<T>(
      roomId: string,
      userId: string,
      work: (tx: Tx) => Promise<T>,
    ): Promise<T> {
      const outcome = await repo.withMembershipLocked(roomId, userId, work);
      if (!outcome.isMember) throw AppError.forbidden(ROOM_MESSAGES.membersOnly);
      return outcome.result;
    },

    /** Adds work to the transaction of every membership that ends (see MembershipEndingHook). */
    onMembershipEnding(hook: MembershipEndingHook): void {
      endingHooks.push(hook);
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
