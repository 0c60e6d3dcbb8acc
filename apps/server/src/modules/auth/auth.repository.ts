import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResetTokens, users } from '../../db/schema.js';

/** Password-reset tokens, stored as SHA-256 digests. */
export function createAuthRepository(db: Db) {
  return {
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
        return used.userId;
      });
    },
  };
}
