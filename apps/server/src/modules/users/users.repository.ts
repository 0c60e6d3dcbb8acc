import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Data access for users. Only this file (and the auth repository) touches the users table. */

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type ProfileColumns = Partial<
  Pick<
    UserRow,
    'name' | 'phone' | 'location' | 'bio' | 'profilePic' | 'university' | 'major' | 'yearOfStudy'
  >
>;

/** Columns needed to authenticate a request: kept small because it runs on every call. */
const authColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  tokenVersion: users.tokenVersion,
};

export function createUsersRepository(db: Db) {
  // Prepared once per repository: these run on every authenticated request, and a named
  // statement spares PostgreSQL the parse and plan each time.
  const findForAuthStatement = db
    .select(authColumns)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_for_auth');
  const findByIdStatement = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('users_find_by_id');

  return {
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },

    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await findByIdStatement.execute({ id });
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email));
      return row;
    },

    async findForAuth(id: string) {
      const [row] = await findForAuthStatement.execute({ id });
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
