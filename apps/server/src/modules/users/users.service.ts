import type { UpdateProfileInput, User } from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import type { ServiceContext } from '../../services.js';
import { assertDecodableAvatar } from './avatar.js';
import { createUsersRepository, type UserRow } from './users.repository.js';

/** Profiles: what the API shows of a user, and the fields a user may change. */

/** The public shape of a user (ARCHITECTURE.md): `id` and `_id` carry the same value. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    location: row.location,
    bio: row.bio,
    profilePic: row.profilePic,
    university: row.university,
    major: row.major,
    yearOfStudy: row.yearOfStudy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createUsersService(ctx: ServiceContext) {
  const repo = createUsersRepository(ctx.deps.db);
  return {
    /**
     * Account records for the auth module, which may not import this module's repository
     * (a lint rule): create, find, and the token-version and password writes.
     */
    accounts: {
      insert: repo.insert,
      findById: repo.findById,
      findByEmail: repo.findByEmail,
      findForAuth: repo.findForAuth,
      bumpTokenVersion: repo.bumpTokenVersion,
      setPassword: repo.setPassword,
      deleteAccount: repo.deleteAccount,
    },

    async getProfile(userId: string): Promise<User> {
      const row = await repo.findById(userId);
      if (!row) throw AppError.notFound('Profile not found');
      return toPublicUser(row);
    },

    async updateProfile(userId: string, input: UpdateProfileInput): Promise<User> {
      if (input.profilePic) assertDecodableAvatar(input.profilePic);
      const row = await repo.updateProfile(userId, input);
      if (!row) throw AppError.notFound('Profile not found');
      // Open sockets stamp the user's name on what they send: give them the new one.
      if (input.name !== undefined) {
        await ctx.services.live.userUpdated({ id: row.id, name: row.name, email: row.email });
      }
      return toPublicUser(row);
    },

    /** A user's display name and e-mail, for other modules (inviter names, chat authors). */
    async getSummary(userId: string) {
      const row = await repo.findForAuth(userId);
      return row ? { id: row.id, name: row.name, email: row.email } : undefined;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
