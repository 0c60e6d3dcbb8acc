import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FocusSettings, FocusTimer } from '@studycircle/shared/focus';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { focusDays, focusGoals, focusParticipants, focusSessions } from './focus.tables.js';

/**
 * The focus module's only access to the database: the rooms' timers and their participants, each
 * student's focus days and goals done, which it owns (the student's synced tasks are read
 * through the sync service).
 *
 * Every change to a room's timer is one transaction that starts with the guarded
 * `UPDATE focus_sessions ... WHERE rev = $expected` (docs/decisions/0034-focus-sessions.md): when
 * another member or node changed the row first, nothing is written and the caller reads again.
 * The participants, credits and goal that go with the change are written in the same
 * transaction, so they happen exactly when the change does: once.
 */

export interface SessionRow {
  timer: FocusTimer;
  rev: number;
  byUserId: string | null;
  byName: string | null;
  change: string | null;
}

export interface ParticipantRow {
  userId: string;
  name: string;
  joinedAt: number;
  goalTaskId: string | null;
  goalTitle: string | null;
  recapDue: boolean;
}

/** A participant as stored: the name is the users module's. */
export type StoredParticipantRow = Omit<ParticipantRow, 'name'>;

/** A student's focus added to a day, and the focus rounds it completes there. */
export interface Credit {
  userId: string;
  day: string;
  focusMs: number;
  sessions: number;
}

export interface FocusWrite {
  roomId: string;
  /** The revision read; 0 when the room never had a timer (the row is created). */
  expectedRev: number;
  timer: FocusTimer;
  by: { id: string; name: string } | null;
  change: string;
  /** The participants after the change, when it changed them. */
  participants?: ParticipantRow[];
  credits: Credit[];
  /** A goal marked done in a recap: counted once per task. */
  goalDone?: { userId: string; taskId: string; day: string };
}

function timerColumns(t: FocusTimer) {
  return {
    phase: t.phase,
    round: t.round,
    phaseStartedAt: t.phaseStartedAt,
    durationMs: t.durationMs,
    pausedRemainingMs: t.pausedRemainingMs,
    endsAt:
      t.phase !== 'idle' && t.pausedRemainingMs === null ? t.phaseStartedAt + t.durationMs : null,
    settings: t.settings,
  };
}

export function createFocusRepository(db: Db) {
  return {
    /** The room's timer and its participants (without names: the users service has them). */
    async load(
      roomId: string,
    ): Promise<{ session: SessionRow; participants: StoredParticipantRow[] } | undefined> {
      const [row] = await db.select().from(focusSessions).where(eq(focusSessions.roomId, roomId));
      if (!row) return undefined;
      const participants = await db
        .select({
          userId: focusParticipants.userId,
          joinedAt: focusParticipants.joinedAt,
          goalTaskId: focusParticipants.goalTaskId,
          goalTitle: focusParticipants.goalTitle,
          recapDue: focusParticipants.recapDue,
        })
        .from(focusParticipants)
        .where(eq(focusParticipants.roomId, roomId))
        .orderBy(asc(focusParticipants.joinedAt), asc(focusParticipants.userId));
      return {
        session: {
          timer: {
            phase: row.phase as FocusTimer['phase'],
            round: row.round,
            phaseStartedAt: row.phaseStartedAt,
            durationMs: row.durationMs,
            pausedRemainingMs: row.pausedRemainingMs,
            settings: row.settings as FocusSettings,
          },
          rev: row.rev,
          byUserId: row.byUserId,
          byName: row.byName,
          change: row.change,
        },
        participants,
      };
    },

    /**
     * Writes a change if the room's revision is still `expectedRev`; resolves with the new
     * revision, or undefined when someone else changed it first (then nothing was written).
     */
    async apply(write: FocusWrite): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const columns = {
          ...timerColumns(write.timer),
          byUserId: write.by?.id ?? null,
          byName: write.by?.name ?? null,
          change: write.change,
          updatedAt: new Date(),
        };
        const [row] =
          write.expectedRev === 0
            ? await tx
                .insert(focusSessions)
                .values({ roomId: write.roomId, ...columns, rev: 1 })
                .onConflictDoNothing()
                .returning({ rev: focusSessions.rev })
            : await tx
                .update(focusSessions)
                .set({ ...columns, rev: write.expectedRev + 1 })
                .where(
                  and(
                    eq(focusSessions.roomId, write.roomId),
                    eq(focusSessions.rev, write.expectedRev),
                  ),
                )
                .returning({ rev: focusSessions.rev });
        if (!row) return undefined;

        if (write.participants) {
          await tx.delete(focusParticipants).where(eq(focusParticipants.roomId, write.roomId));
          if (write.participants.length > 0) {
            await tx.insert(focusParticipants).values(
              write.participants.map((p) => ({
                roomId: write.roomId,
                userId: p.userId,
                joinedAt: p.joinedAt,
                goalTaskId: p.goalTaskId,
                goalTitle: p.goalTitle,
                recapDue: p.recapDue,
              })),
            );
          }
        }
        // One statement per student and day (the caller sums them first): an upsert may not
        // touch the same row twice.
        for (const credit of write.credits) {
          await tx
            .insert(focusDays)
            .values(credit)
            .onConflictDoUpdate({
              target: [focusDays.userId, focusDays.day],
              set: {
                focusMs: sql`${focusDays.focusMs} + ${credit.focusMs}`,
                sessions: sql`${focusDays.sessions} + ${credit.sessions}`,
              },
            });
        }
        if (write.goalDone) {
          await tx.insert(focusGoals).values(write.goalDone).onConflictDoNothing();
        }
        return row.rev;
      });
    },

    /** Rooms whose running phase ended by `now` (server ms), oldest first. */
    async due(now: number, limit: number): Promise<string[]> {
      const rows = await db
        .select({ roomId: focusSessions.roomId })
        .from(focusSessions)
        .where(and(isNotNull(focusSessions.endsAt), lte(focusSessions.endsAt, now)))
        .orderBy(asc(focusSessions.endsAt))
        .limit(limit);
      return rows.map((r) => r.roomId);
    },

    /** Every running phase and when it ends: what a node's timers are set from at start. */
    async running(): Promise<{ roomId: string; endsAt: number }[]> {
      const rows = await db
        .select({ roomId: focusSessions.roomId, endsAt: focusSessions.endsAt })
        .from(focusSessions)
        .where(isNotNull(focusSessions.endsAt));
      return rows.map((r) => ({ roomId: r.roomId, endsAt: r.endsAt! }));
    },

    /** The student's focus per day (only days with some). */
    async days(userId: string): Promise<{ day: string; focusMs: number; sessions: number }[]> {
      return db
        .select({ day: focusDays.day, focusMs: focusDays.focusMs, sessions: focusDays.sessions })
        .from(focusDays)
        .where(eq(focusDays.userId, userId));
    },

    /** Goals done per day. */
    async goalDays(userId: string): Promise<{ day: string; count: number }[]> {
      return db
        .select({ day: focusGoals.day, count: sql<number>`count(*)::int` })
        .from(focusGoals)
        .where(eq(focusGoals.userId, userId))
        .groupBy(focusGoals.day);
    },
  };
}

export type FocusRepository = ReturnType<typeof createFocusRepository>;

/**
 * The account's focus data, on the account deletion's transaction
 * (docs/decisions/0065-account-deletion-in-one-transaction.md): its seats in running sessions,
 * its days and its goals; a session it changed last keeps the name it showed, not the account.
 */
export async function deleteFocusDataOfAccount(transaction: Tx, userId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx.delete(focusParticipants).where(eq(focusParticipants.userId, userId));
  await tx.delete(focusDays).where(eq(focusDays.userId, userId));
  await tx.delete(focusGoals).where(eq(focusGoals.userId, userId));
  await tx.update(focusSessions).set({ byUserId: null }).where(eq(focusSessions.byUserId, userId));
}
