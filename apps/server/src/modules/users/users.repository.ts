import { and, eq, inArray, sql } from 'drizzle-orm';
import { toTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { users } from './users.tables.js';
import { deviceSessions } from '../auth/auth.tables.js';

/**
 * Data access for users. Only this file (and the auth repository) touches the users table.
 * Deleting an account opens the transaction every owning module does its part on, and deletes
 * the user row last (docs/decisions/0065-account-deletion-in-one-transaction.md).
 */

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

    /** Each of `ids` that is an account, with its name as it is now. */
    async namesOf(ids: string[]): Promise<{ id: string; name: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, ids));
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
     * Deletes the user in one transaction: locks the row, runs `alsoInTransaction` (every other
     * module's part, docs/decisions/0065-account-deletion-in-one-transaction.md) on the same
     * transaction, then deletes the row last. If anything throws, nothing is deleted. Resolves
     * with what `alsoInTransaction` returned, or undefined when there was no such user.
     */
    async deleteAccount<T>(
      id: string,
      alsoInTransaction: (tx: Tx, account: { id: string; email: string }) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        // Locked first, so a second deletion of the same account waits here and then finds
        // nothing, and a rename cannot slip in between the steps.
        const [existing] = await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(eq(users.id, id))
          .for('update');
        if (!existing) return undefined;
        const result = await alsoInTransaction(toTx(tx), existing);
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

export type UsersRepository = ReturnType<typeof createUsersRepository>;
