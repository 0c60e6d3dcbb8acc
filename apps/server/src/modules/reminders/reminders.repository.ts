import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { reminderMailSends, reminderMailSettings } from './reminders.tables.js';
import { users } from '../users/users.tables.js';

/**
 * The reminder mail's SQL: the settings row, the opted-in students of a time zone who still need
 * a day's mail, and the claim that lets exactly one node send it (decision 0025). The tasks due
 * come from the sync service.
 */

export interface ReminderMailSettingsRow {
  enabled: boolean;
  timeZone: string;
}

export interface DueRecipient {
  userId: string;
  name: string;
  email: string;
}

export function createRemindersRepository(db: Db) {
  return {
    async findSettings(userId: string): Promise<ReminderMailSettingsRow | undefined> {
      const [row] = await db
        .select({ enabled: reminderMailSettings.enabled, timeZone: reminderMailSettings.timeZone })
        .from(reminderMailSettings)
        .where(eq(reminderMailSettings.userId, userId));
      return row;
    },

    async saveSettings(userId: string, settings: ReminderMailSettingsRow, now: Date) {
      const [row] = await db
        .insert(reminderMailSettings)
        .values({ userId, ...settings, updatedAt: now })
        .onConflictDoUpdate({
          target: reminderMailSettings.userId,
          set: { ...settings, updatedAt: now },
        })
        .returning({
          enabled: reminderMailSettings.enabled,
          timeZone: reminderMailSettings.timeZone,
        });
      return row!;
    },

    /** The time zones at least one opted-in student uses. */
    async enabledTimeZones(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ timeZone: reminderMailSettings.timeZone })
        .from(reminderMailSettings)
        .where(eq(reminderMailSettings.enabled, true));
      return rows.map((r) => r.timeZone);
    },

    /**
     * Opted-in students with a verified address in `timeZone` whose mail for `day` is neither
     * finished nor held by a live claim (a released claim whose retry time has come counts as
     * due). A hint only: the claim decides who sends.
     */
    async dueRecipients(
      timeZone: string,
      day: string,
      now: Date,
      limit: number,
    ): Promise<DueRecipient[]> {
      return db
        .select({ userId: users.id, name: users.name, email: users.email })
        .from(reminderMailSettings)
        .innerJoin(users, eq(users.id, reminderMailSettings.userId))
        .leftJoin(
          reminderMailSends,
          and(eq(reminderMailSends.userId, users.id), eq(reminderMailSends.day, day)),
        )
        .where(
          and(
            eq(reminderMailSettings.enabled, true),
            eq(reminderMailSettings.timeZone, timeZone),
            isNotNull(users.emailVerifiedAt),
            sql`(${reminderMailSends.userId} is null or (${reminderMailSends.finishedAt} is null and ${reminderMailSends.claimedUntil} <= ${now}))`,
          ),
        )
        .orderBy(asc(users.id))
        .limit(limit);
    },

    /**
     * Claims the student's mail for `day` until `until`, in one statement: a new row, or an
     * unfinished one whose lease (or retry wait) is over. On PostgreSQL two nodes claiming at once
     * meet on the primary key; the second one's upsert re-reads the committed row, finds the
     * live lease and returns nothing. Resolves with the attempt number, or undefined when the
     * mail is finished or someone else holds it.
     */
    async claim(
      userId: string,
      day: string,
      claimId: string,
      now: Date,
      until: Date,
    ): Promise<number | undefined> {
      const [row] = await db
        .insert(reminderMailSends)
        .values({ userId, day, claimId, claimedUntil: until, attempts: 1, createdAt: now })
        .onConflictDoUpdate({
          target: [reminderMailSends.userId, reminderMailSends.day],
          set: {
            claimId,
            claimedUntil: until,
            attempts: sql`${reminderMailSends.attempts} + 1`,
          },
          setWhere: sql`${reminderMailSends.finishedAt} is null and ${reminderMailSends.claimedUntil} <= ${now}`,
        })
        .returning({ attempts: reminderMailSends.attempts });
      return row?.attempts;
    },

    /** Marks the claimed day done; false when the claim was lost (its lease ran out first). */
    async finish(
      userId: string,
      day: string,
      claimId: string,
      now: Date,
      taskCount: number,
    ): Promise<boolean> {
      const rows = await db
        .update(reminderMailSends)
        .set({ finishedAt: now, claimId: null, taskCount })
        .where(
          and(
            eq(reminderMailSends.userId, userId),
            eq(reminderMailSends.day, day),
            eq(reminderMailSends.claimId, claimId),
          ),
        )
        .returning({ userId: reminderMailSends.userId });
      return rows.length > 0;
    },

    /** Gives a claim back after a failed send: any node may try again from `retryAt`. */
    async release(userId: string, day: string, claimId: string, retryAt: Date): Promise<void> {
      await db
        .update(reminderMailSends)
        .set({ claimId: null, claimedUntil: retryAt })
        .where(
          and(
            eq(reminderMailSends.userId, userId),
            eq(reminderMailSends.day, day),
            eq(reminderMailSends.claimId, claimId),
          ),
        );
    },

    /** Forgets claims older than `before` (their days are long over). */
    async pruneSends(before: Date): Promise<void> {
      await db.delete(reminderMailSends).where(lt(reminderMailSends.createdAt, before));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;

/**
 * The account's reminder mail settings and its record of mails sent, on the account deletion's
 * transaction (docs/decisions/0065-account-deletion-in-one-transaction.md).
 */
export async function deleteRemindersOfAccount(transaction: Tx, userId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx.delete(reminderMailSends).where(eq(reminderMailSends.userId, userId));
  await tx.delete(reminderMailSettings).where(eq(reminderMailSettings.userId, userId));
}
