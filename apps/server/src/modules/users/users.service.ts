import type { UpdateProfileInput, User } from '@studycircle/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../lib/events.js';
import type { AuthUser } from '../auth/auth.types.js';
import { assertDecodableAvatar } from './avatar.js';
import {
  createUsersRepository,
  type DeletedAccount,
  type ProfileRow,
  type UserRow,
} from './users.repository.js';

/**
 * Users: profiles (what the API shows of a user, the fields a user may change), the account
 * records the auth module keeps its rules over (create, find, password and token version,
 * deletion), and names for other modules. Depends on no other service; it publishes
 * `UserEvents` (a rename) for those that must follow.
 */

/** The public shape of a user (ARCHITECTURE.md): `id` and `_id` carry the same value. */
export function toPublicUser(row: ProfileRow): User {
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
    emailVerified: row.emailVerifiedAt !== null,
  };
}

export interface UserEvents {
  /** The user's name (or e-mail) changed: whatever carries the old one must take the new. */
  'user-renamed': Pick<AuthUser, 'id' | 'name' | 'email'>;
}

export interface UsersServiceDeps {
  db: Db;
  /** Where renames are published. */
  events: EventPublisher<UserEvents>;
}

export function createUsersService({ db, events }: UsersServiceDeps) {
  const repo = createUsersRepository(db);
  return {
    /** A new account (the auth module has checked the input and hashed the password). */
    createAccount(account: {
      id: string;
      name: string;
      email: string;
      passwordHash: string;
    }): Promise<UserRow> {
      return repo.insert(account);
    },

    /** The full record, password hash included, for the auth module's checks. */
    findAccount(userId: string): Promise<UserRow | undefined> {
      return repo.findById(userId);
    },

    /** The full record by e-mail (already normalised by the shared schema), for sign-in. */
    findAccountByEmail(email: string): Promise<UserRow | undefined> {
      return repo.findByEmail(email);
    },

    /**
     * Who a token names and the token version it must carry: the small read every authenticated
     * request and socket handshake makes.
     */
    findSessionUser(userId: string, sessionId: string) {
      return repo.findForAuth(userId, sessionId);
    },

    /** Invalidates every token issued so far; resolves with the new version. */
    revokeTokens(userId: string): Promise<number | undefined> {
      return repo.bumpTokenVersion(userId);
    },

    /** Sets a new password hash and invalidates earlier tokens; resolves with the new version. */
    setPassword(userId: string, passwordHash: string): Promise<number | undefined> {
      return repo.setPassword(userId, passwordHash);
    },

    /**
     * Deletes the account and hands over or deletes the rooms it owned
     * (docs/decisions/0013-deleting-an-account.md); undefined when there was no such user.
     */
    deleteAccount(userId: string): Promise<DeletedAccount | undefined> {
      return repo.deleteAccount(userId);
    },

    async getProfile(userId: string): Promise<User> {
      const row = await repo.findProfile(userId);
      if (!row) throw AppError.notFound('Profile not found');
      return toPublicUser(row);
    },

    async updateProfile(userId: string, input: UpdateProfileInput): Promise<User> {
      if (input.profilePic) assertDecodableAvatar(input.profilePic);
      const row = await repo.updateProfile(userId, input);
      if (!row) throw AppError.notFound('Profile not found');
      // Open sockets stamp the user's name on what they send: give them the new one.
      if (input.name !== undefined) {
        await events.emit('user-renamed', { id: row.id, name: row.name, email: row.email });
      }
      return toPublicUser(row);
    },

    /** A user's display name and e-mail, for other modules (inviter names, chat authors). */
    async getSummary(userId: string) {
      return repo.findSummary(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
