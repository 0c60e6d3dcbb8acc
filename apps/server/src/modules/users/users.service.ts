import type { UpdateProfileInput, User } from '@studycircle/shared';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../lib/events.js';
import type { AuthUser } from '../auth/auth.types.js';
import { assertDecodableAvatar } from './avatar.js';
import { type ProfileRow, type UserRow, type UsersRepository } from './users.repository.js';

/**
 * Users: profiles (what the API shows of a user, the fields a user may change), the account
 * records the auth module keeps its rules over (create, find, password and token version,
 * deletion), and names for other modules. Depends on no other service; it publishes
 * `UserEvents` (a rename) for those that must follow, and runs the steps other modules register
 * for deleting an account (`onAccountDeleting`) on the deletion's transaction.
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

/** What deleting an account did to the rooms the user owned (the reply counts them). */
export interface DeletedAccount {
  /** Rooms handed to another member (room id and the new owner's id). */
  handedOver: { roomId: string; newOwnerId: string }[];
  /** Rooms deleted because nobody else was in them. */
  deletedRooms: string[];
}

/** The account being deleted, as its steps see it (the row is locked, still there). */
export interface DeletingAccount {
  id: string;
  email: string;
}

/**
 * One module's part of deleting an account: it removes (or lets go of) the rows of its own
 * tables that belong to the account, through its own repository, on `tx`, the deletion's one
 * transaction (docs/decisions/0065-account-deletion-in-one-transaction.md). It writes only the
 * database: whatever reaches sockets, other nodes or anything outside the database happens
 * after the commit, in the caller. `report` gathers what the reply tells the user. A step that
 * throws rolls the whole deletion back.
 */
export type AccountDeletionStep = (
  tx: Tx,
  account: DeletingAccount,
  report: DeletedAccount,
  /**
   * Work for once the deletion is committed (and only then): removing what lives outside the
   * database, such as room files' bytes, which a rollback could not bring back.
   */
  afterCommit: (task: () => Promise<void>) => void,
) => Promise<void>;

/** Thrown when a step of an account deletion failed (the deletion was rolled back). */
export class AccountDeletionError extends Error {
  constructor(
    readonly owner: string,
    cause: unknown,
  ) {
    super(`deleting an account failed in the ${owner} step; nothing was deleted`, { cause });
    this.name = 'AccountDeletionError';
  }
}

export interface UsersServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: UsersRepository;
  /** Where renames are published. */
  events: EventPublisher<UserEvents>;
}

export function createUsersService({ repo, events }: UsersServiceDeps) {
  const deletionSteps: { owner: string; step: AccountDeletionStep }[] = [];
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
     * Adds `owner`'s step to every account deletion, after the steps added before it (the order
     * is services.ts's, docs/decisions/0065-account-deletion-in-one-transaction.md).
     */
    onAccountDeleting(owner: string, step: AccountDeletionStep): void {
      deletionSteps.push({ owner, step });
    },

    /**
     * Deletes the account in one transaction: every registered step in order, then the user row
     * (docs/decisions/0013-deleting-an-account.md for what goes and who gets the rooms, 0065 for
     * the order). If a step throws, nothing is deleted and an `AccountDeletionError` naming the
     * step is thrown. Undefined when there was no such user.
     */
    async deleteAccount(userId: string): Promise<DeletedAccount | undefined> {
      const committed: (() => Promise<void>)[] = [];
      const report = await repo.deleteAccount(userId, async (tx, account) => {
        // A retried transaction starts its list again.
        committed.length = 0;
        const report: DeletedAccount = { handedOver: [], deletedRooms: [] };
        for (const { owner, step } of deletionSteps) {
          try {
            await step(tx, account, report, (task) => committed.push(task));
          } catch (err) {
            throw new AccountDeletionError(owner, err);
          }
        }
        return report;
      });
      // Each task reports its own failures; one that throws does not stop the others.
      if (report) for (const task of committed) await task().catch(() => undefined);
      return report;
    },

    /**
     * The names of `ids` as they are now, for another module that shows who did something (the
     * users table is this module's): an id that is no account is left out of the map.
     */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      const rows = await repo.namesOf([...new Set(ids)]);
      return new Map(rows.map((r) => [r.id, r.name]));
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
