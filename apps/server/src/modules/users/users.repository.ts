import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  deviceSessions,
  roomInvitations,
  roomMembers,
  roomMessages,
  rooms,
  users,
} from '../../db/schema.js';

/**
 * Data access for users. Only this file (and the auth repository) touches the users table;
 * deleting an account also writes the room tables, because the hand-over of the rooms a user owns
 * must happen in the same transaction as the deletion.
 */

/** What deleting an account did to the rooms the user owned. */
export interface DeletedAccount {
  /** Rooms handed to another member (room id and the new owner's id). */
  handedOver: { roomId: string; newOwnerId: string }[];
  /** Rooms deleted because nobody else was in them. */
  deletedRooms: string[];
}

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ProfileColumns = Partial<
  Pick<
    UserRow,
    'name' | 'phone' | 'location' | 'bio' | 'profilePic' | 'university' | 'major' | 'yearOfStudy'
  >
>;

/** The columns of a user the API shows (`toPublicUser` in users.service.ts). */
const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  location: users.location,
  bio: users.bio,
  profilePic: users.profilePic,
  university: users.university,
  major: users.major,
  yearOfStudy: users.yearOfStudy,
  createdAt: users.createdAt,
  emailVerifiedAt: users.emailVerifiedAt,
};
export type ProfileRow = Pick<UserRow, keyof typeof profileColumns>;

/** Columns needed to authenticate a request: kept small because it runs on every call. */
const authColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  tokenVersion: users.tokenVersion,
  emailVerifiedAt: users.emailVerifiedAt,
  sessionLastSeenAt: deviceSessions.lastSeenAt,
};

export function createUsersRepository(db: Db) {
  // Prepared once per repository: these run on every authenticated request, and a named
  // statement spares PostgreSQL the parse and plan each time.
  const findForAuthStatement = db
    .select(authColumns)
    .from(users)
    // The device session is checked in the same indexed read (both primary keys): a token whose
    // session was signed out finds no row.
    .innerJoin(
      deviceSessions,
      and(eq(deviceSessions.id, sql.placeholder('sessionId')), eq(deviceSessions.userId, users.id)),
    )
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_for_auth');
  const findByIdStatement = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_by_id');
  // The profile read: only what the API shows of a user (no hash, no token version).
  const findProfileStatement = db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_profile');

  return {
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await findByIdStatement.execute({ id });
      return row;
    },

    /** What the API shows of the user (`toPublicUser`), nothing else. */
    async findProfile(id: string): Promise<ProfileRow | undefined> {
      const [row] = await findProfileStatement.execute({ id });
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    /** Name and e-mail only. */
    async findSummary(id: string) {
      const [row] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** The user and their device session's last-seen time; undefined when either is gone. */
    async findForAuth(id: string, sessionId: string) {
      const [row] = await findForAuthStatement.execute({ id, sessionId });
      return row;
    },

    async updateProfile(id: string, changes: ProfileColumns): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Invalidates every token issued so far; returns the new version. */
    async bumpTokenVersion(id: string): Promise<number | undefined> {
      const [row] = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning({ tokenVersion: users.tokenVersion });
      return row?.tokenVersion;
    },

    /**
     * Deletes the user and what they own, in one transaction
     * (docs/decisions/0013-deleting-an-account.md): each room they own passes to its
     * longest-standing admin, else its longest-standing member, and is deleted when nobody else
     * is in it; every room they were in counts one member less; their chat messages go; the
     * pending invitations addressed to their e-mail are cancelled, so the next account with that
     * address does not inherit them. The rest (memberships, reset and verification tokens,
     * invitations they sent) goes by ON DELETE CASCADE.
     * Returns undefined when there was no such user.
     */
    async deleteAccount(id: string): Promise<DeletedAccount | undefined> {
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!existing) return undefined;
        const result: DeletedAccount = { handedOver: [], deletedRooms: [] };
        const owned = await tx
          .select({ id: rooms.id })
          .from(rooms)
          .where(eq(rooms.ownerId, id))
          .for('update');
        for (const room of owned) {
          const [successor] = await tx
            .select({ userId: roomMembers.userId })
            .from(roomMembers)
            .where(and(eq(roomMembers.roomId, room.id), ne(roomMembers.userId, id)))
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
        // The member counts live on the rooms (kept in step with room_members), so every room
        // the user leaves by disappearing counts one less before the memberships cascade away.
        const memberships = await tx
          .select({ roomId: roomMembers.roomId })
          .from(roomMembers)
          .where(eq(roomMembers.userId, id));
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
        await tx.delete(roomMessages).where(eq(roomMessages.userId, id));
        // Invitations are addressed to a mailbox, not an account; once the account is gone, an
        // open one would wait for whoever registers the address next (docs/decisions/0013).
        // Accepted ones stay as the room's record of who joined how.
        await tx
          .delete(roomInvitations)
          .where(
            and(eq(roomInvitations.email, existing.email), isNull(roomInvitations.acceptedAt)),
          );
        await tx.delete(users).where(eq(users.id, id));
        return result;
      });
    },

    /** Sets a new password hash and invalidates earlier tokens in one statement. */
    async setPassword(id: string, passwordHash: string): Promise<number | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning({ tokenVersion: users.tokenVersion });
      return row?.tokenVersion;
    },
  };
}
