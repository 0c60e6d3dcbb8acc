import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { deviceSessions, emailVerificationTokens, passwordResetTokens } from './auth.tables.js';
import { users } from '../users/users.tables.js';

/** What using a verification link did. */
export type VerifyOutcome = 'verified' | 'already-verified' | 'invalid';

/**
 * Device sessions (one row per sign-in), and password-reset and e-mail verification tokens,
 * stored as SHA-256 digests.
 */
export function createAuthRepository(db: Db) {
  return {
    async insertSession(row: typeof deviceSessions.$inferInsert) {
      await db.insert(deviceSessions).values(row);
    },

    /** The user's sessions seen since `since` (older ones hold only expired tokens). */
    async listSessions(userId: string, since: Date) {
      return db
        .select()
        .from(deviceSessions)
        .where(and(eq(deviceSessions.userId, userId), gt(deviceSessions.lastSeenAt, since)))
        .orderBy(desc(deviceSessions.lastSeenAt), desc(deviceSessions.id));
    },

    /** Ends one of the user's sessions; false when it is not theirs or already ended. */
    async deleteSession(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(deviceSessions)
        .where(and(eq(deviceSessions.id, id), eq(deviceSessions.userId, userId)))
        .returning({ id: deviceSessions.id });
      return rows.length > 0;
    },

    /** Forgets the user's sessions last seen before `before`: their tokens have all expired. */
    async deleteStaleSessions(userId: string, before: Date) {
      await db
        .delete(deviceSessions)
        .where(and(eq(deviceSessions.userId, userId), lt(deviceSessions.lastSeenAt, before)));
    },

    /** Ends every session of the user, or every one but `keepId`; returns the ended ids. */
    async deleteSessions(userId: string, keepId?: string): Promise<string[]> {
      const rows = await db
        .delete(deviceSessions)
        .where(
          keepId
            ? and(eq(deviceSessions.userId, userId), ne(deviceSessions.id, keepId))
            : eq(deviceSessions.userId, userId),
        )
        .returning({ id: deviceSessions.id });
      return rows.map((r) => r.id);
    },

    /** Moves the session's last-seen time forward, only when it is older than `staleBefore`. */
    async touchSession(id: string, now: Date, staleBefore: Date) {
      await db
        .update(deviceSessions)
        .set({ lastSeenAt: now })
        .where(and(eq(deviceSessions.id, id), lt(deviceSessions.lastSeenAt, staleBefore)));
    },

    async insertResetToken(row: typeof passwordResetTokens.$inferInsert) {
      await db.insert(passwordResetTokens).values(row);
    },

    /**
     * Uses a reset token and sets the new password in one transaction. The conditional update
     * (unused and unexpired) makes the token single-use even when two requests race.
     * Returns the user id, or undefined when the token is unknown, used or expired.
     */
    async consumeResetToken(tokenHash: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!used) return undefined;
        // Other outstanding links for the same account die with this one.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)),
          );
        // Bumping the token version signs out every session that used the old password.
        await tx
          .update(users)
          .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
          .where(eq(users.id, used.userId));
        // A reset ends every device's session, whoever held the old password.
        await tx.delete(deviceSessions).where(eq(deviceSessions.userId, used.userId));
        return used.userId;
      });
    },

    async insertVerifyToken(row: typeof emailVerificationTokens.$inferInsert) {
      await db.insert(emailVerificationTokens).values(row);
    },

    /**
     * Uses a verification link and marks the address it was mailed to as verified, in one
     * transaction. The conditional update (unused and unexpired) makes the link single-use even
     * when two requests race; the account's other outstanding links die with it. A link that
     * was already used and whose account is verified for that same address reads as
     * 'already-verified' (a second click on the mail is no error); anything else is 'invalid'.
     */
    async consumeVerifyToken(tokenHash: string, now: Date): Promise<VerifyOutcome> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(emailVerificationTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailVerificationTokens.tokenHash, tokenHash),
              isNull(emailVerificationTokens.usedAt),
              gt(emailVerificationTokens.expiresAt, now),
            ),
          )
          .returning({
            userId: emailVerificationTokens.userId,
            email: emailVerificationTokens.email,
          });
        if (used) {
          // A link proves one mailbox: it verifies the account only while that is its address.
          const [verified] = await tx
            .update(users)
            .set({
              emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
            })
            .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
            .returning({ id: users.id });
          if (!verified) return 'invalid';
          await tx
            .update(emailVerificationTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(emailVerificationTokens.userId, used.userId),
                isNull(emailVerificationTokens.usedAt),
              ),
            );
          return 'verified';
        }
        const [earlier] = await tx
          .select({ usedAt: emailVerificationTokens.usedAt, verifiedAt: users.emailVerifiedAt })
          .from(emailVerificationTokens)
          .innerJoin(
            users,
            and(
              eq(users.id, emailVerificationTokens.userId),
              eq(users.email, emailVerificationTokens.email),
            ),
          )
          .where(eq(emailVerificationTokens.tokenHash, tokenHash));
        return earlier?.usedAt && earlier.verifiedAt ? 'already-verified' : 'invalid';
      });
    },
  };
}

/**
 * The account's part of deleting it (docs/decisions/0065-account-deletion-in-one-transaction.md):
 * its device sessions and its open reset and verification links, on the deletion's transaction.
 */
export async function deleteAuthDataOfAccount(transaction: Tx, userId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx.delete(deviceSessions).where(eq(deviceSessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
