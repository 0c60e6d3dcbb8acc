import type { FastifyBaseLogger } from 'fastify';
import {
  FOCUS_DEFAULTS,
  FOCUS_LIMITS,
  FOCUS_MESSAGES,
  addDays,
  catchUp,
  creditedMs,
  focusDayOf,
  focusSettingsSchema,
  focusStreak,
  idleTimer,
  pauseTimer,
  resumeTimer,
  skipTimer,
  startTimer,
  stopTimer,
  timerEndsAt,
  weekStartOf,
  type CompletedPhase,
  type FocusChange,
  type FocusControlPayload,
  type FocusGoal,
  type FocusSettings,
  type FocusSettingsInput,
  type FocusState,
  type FocusStats,
  type FocusTimer,
} from '@studycircle/shared/focus';
import type { Tx } from '../../db/tx.js';
import type { SyncService } from '../sync/sync.service.js';
import type { UsersService } from '../users/users.service.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher, EventSubscriber } from '../../lib/events.js';
import { parseWith } from '../../lib/validate.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomEvents, RoomsService } from '../rooms/rooms.service.js';
import {
  deleteFocusDataOfAccount,
  type Credit,
  type ParticipantRow,
  type FocusRepository,
} from './focus.repository.js';

/**
 * Focus sessions (docs/decisions/0034-focus-sessions.md): a room's shared Pomodoro timer, run by
 * any member, and the study it credits. Each change reads the room's row, applies the pure phase
 * machine (packages/shared/src/focus.ts) and writes with a guarded UPDATE on the revision it read;
 * a lost race reads again. Phases that ended are folded in first, whoever asks (a member's action,
 * a watcher's read, any node's timer), so a restart or a missed timer catches up on the next look.
 *
 * Credit: when a focus round runs to its end, every participant gets its minutes (from when they
 * joined, if later) and one completed round on that Asia/Kolkata day, in the same transaction
 * as the transition, so it happens once however many nodes saw the end. A goal marked done in a
 * recap is counted once per task.
 *
 * It publishes `focus-changed` after every write; the socket transport (focus.socket.ts) sends the
 * state to the room and sets every node's timer (focus.scheduler.ts). Membership is read from the
 * database on every call (the rooms service); a member who leaves the room leaves its session.
 */

export interface FocusEvents {
  /** A room's timer changed: its state for the members, and when its phase ends now. */
  'focus-changed': { state: FocusState; endsAt: number | null };
}

export interface FocusServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: FocusRepository;
  rooms: Pick<RoomsService, 'requireMember'>;
  /** The student's synced tasks (a goal is one of them; completed ones count for the streak). */
  sync: Pick<SyncService, 'ownsTask' | 'taskCompletionTimes'>;
  /** Participants' names as they are now (the users table is the users module's). */
  users: Pick<UsersService, 'namesOf'>;
  events: EventPublisher<FocusEvents>;
  /** A member who leaves or is removed leaves the room's session. */
  roomEvents: EventSubscriber<RoomEvents>;
  log: FastifyBaseLogger;
  /** Server time in ms; tests move their own clock across a day without waiting. */
  now?: () => number;
  /** The shortest phase accepted, in minutes: 1, or less on a test server (FOCUS_SHORT_PHASES). */
  minMinutes?: number;
}

/** Reads and writes before a change gives up: only a storm of simultaneous actions gets here. */
const ATTEMPTS = 8;

interface Model {
  rev: number;
  timer: FocusTimer;
  participants: ParticipantRow[];
  by: { id: string; name: string } | null;
  change: FocusChange | null;
}

/** What an action makes of the current state; null when it changes nothing. */
type Decide = (current: { timer: FocusTimer; participants: ParticipantRow[]; at: number }) => {
  timer: FocusTimer;
  participants: ParticipantRow[];
  change: FocusChange;
  goalDone?: { taskId: string };
} | null;

function toState(roomId: string, m: Model): FocusState {
  return {
    roomId,
    rev: m.rev,
    ...m.timer,
    by: m.by,
    change: m.change,
    participants: m.participants.map((p) => ({
      userId: p.userId,
      name: p.name,
      goal:
        p.goalTaskId && p.goalTitle !== null ? { taskId: p.goalTaskId, title: p.goalTitle } : null,
      recapDue: p.recapDue,
    })),
  };
}

/** Minutes and completed rounds for each participant of the focus rounds that ended. */
function creditsFor(completed: CompletedPhase[], participants: ParticipantRow[]): Credit[] {
  const byKey = new Map<string, Credit>();
  for (const phase of completed) {
    if (phase.phase !== 'focus') continue;
    const day = focusDayOf(phase.endedAt);
    for (const p of participants) {
      const ms = creditedMs(phase, p.joinedAt);
      if (ms <= 0) continue;
      const key = `${p.userId}|${day}`;
      const credit = byKey.get(key) ?? { userId: p.userId, day, focusMs: 0, sessions: 0 };
      credit.focusMs += ms;
      credit.sessions += 1;
      byKey.set(key, credit);
    }
  }
  return [...byKey.values()];
}

function withGoal(p: ParticipantRow, goal: FocusGoal | null | undefined): ParticipantRow {
  if (goal === undefined) return p;
  // A new goal starts with no recap waiting; the same goal keeps its state.
  const same = goal !== null && goal.taskId === p.goalTaskId;
  return {
    ...p,
    goalTaskId: goal?.taskId ?? null,
    goalTitle: goal?.title ?? null,
    recapDue: same ? p.recapDue : false,
  };
}

export function createFocusService({
  repo,
  rooms,
  sync,
  users,
  events,
  roomEvents,
  log,
  now: clock,
  minMinutes = FOCUS_LIMITS.minMinutes,
}: FocusServiceDeps) {
  const now = clock ?? (() => Date.now());
  const settingsSchema = focusSettingsSchema(minMinutes);

  /**
   * A goal names one of the member's own synced tasks: any other id would show a stranger's task
   * title as theirs, and a recap would count a goal done for a task they never had. The browser
   * sends a goal's new task to the server before it states the goal.
   */
  async function requireOwnTask(user: AuthUser, goal: FocusGoal | null | undefined) {
    if (!goal) return;
    if (!(await sync.ownsTask(user.id, goal.taskId))) {
      throw AppError.badRequest(FOCUS_MESSAGES.taskIdInvalid);
    }
  }

  async function read(roomId: string): Promise<Model> {
    const loaded = await repo.load(roomId);
    if (!loaded) {
      return { rev: 0, timer: idleTimer(), participants: [], by: null, change: null };
    }
    const { session } = loaded;
    // Names as they are now; a participant whose account is gone is left out, as before.
    const names = await users.namesOf(loaded.participants.map((p) => p.userId));
    const participants = loaded.participants.flatMap((p) => {
      const name = names.get(p.userId);
      return name === undefined ? [] : [{ ...p, name }];
    });
    return {
      rev: session.rev,
      timer: session.timer,
      participants,
      by:
        session.byUserId && session.byName ? { id: session.byUserId, name: session.byName } : null,
      change: session.change as FocusChange | null,
    };
  }

  /**
   * Applies `decide` (if any) on top of every transition due by now, and writes the result with a
   * guarded UPDATE; on a lost race reads again. Resolves with the room's state after it.
   */
  async function transact(
    roomId: string,
    user: Pick<AuthUser, 'id' | 'name'> | null,
    decide?: Decide,
  ): Promise<FocusState> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const base = await read(roomId);
      const at = now();
      const caught = catchUp(base.timer, at);
      let timer = caught.timer;
      let participants = base.participants;
      let change: FocusChange | null = null;
      let by: Model['by'] = null;
      const credits = creditsFor(caught.completed, participants);
      if (caught.completed.length > 0) {
        change = timer.phase === 'idle' ? 'complete' : 'advance';
        // A focus round that ended leaves each stated goal waiting for its recap; a cycle that
        // ended leaves nobody in the session.
        const focusEnded = caught.completed.some((c) => c.phase === 'focus');
        participants =
          timer.phase === 'idle'
            ? []
            : participants.map((p) => (focusEnded && p.goalTaskId ? { ...p, recapDue: true } : p));
      }
      const decided = decide?.({ timer, participants, at }) ?? null;
      if (decided) {
        ({ timer, participants, change } = decided);
        by = user ? { id: user.id, name: user.name } : null;
      }
      if (change === null) return toState(roomId, base);

      const rev = await repo.apply({
        roomId,
        expectedRev: base.rev,
        timer,
        by,
        change,
        participants: participants === base.participants ? undefined : participants,
        credits,
        goalDone:
          decided?.goalDone && user
            ? { userId: user.id, taskId: decided.goalDone.taskId, day: focusDayOf(at) }
            : undefined,
      });
      if (rev === undefined) continue;
      const state = toState(roomId, { rev, timer, participants, by, change });
      await events.emit('focus-changed', { state, endsAt: timerEndsAt(timer) });
      return state;
    }
    throw AppError.conflict(FOCUS_MESSAGES.busy);
  }

  function participantOf(participants: ParticipantRow[], userId: string) {
    return participants.find((p) => p.userId === userId);
  }

  /**
   * The settings of a start: what it names, else what the room used last time (when this server
   * still accepts it), else the defaults. Bad values are a 400 before anything is written.
   */
  function settingsFrom(input: FocusSettingsInput | undefined, previous: FocusSettings) {
    const base = settingsSchema.safeParse(previous).success ? previous : FOCUS_DEFAULTS;
    return parseWith(settingsSchema, { ...base, ...input });
  }

  // Someone who is no longer a member is no longer in the room's session either. Logged, not
  // thrown: the membership has ended whatever happens here (decision 0015).
  roomEvents.on('membership-ended', async ({ roomId, userId }) => {
    try {
      await transact(roomId, null, ({ timer, participants }) =>
        participantOf(participants, userId)
          ? {
              timer,
              participants: participants.filter((p) => p.userId !== userId),
              change: 'leave',
            }
          : null,
      );
    } catch (err) {
      log.error({ err, roomId }, 'could not take a departed member out of the focus session');
    }
  });

  return {
    /** The shortest phase this server accepts, in minutes (for the settings form). */
    /**
     * The focus part of deleting an account, on its transaction: its seats, days and goals
     * (docs/decisions/0065-account-deletion-in-one-transaction.md).
     */
    deleteAccountData(tx: Tx, userId: string): Promise<void> {
      return deleteFocusDataOfAccount(tx, userId);
    },

    minMinutes,

    /** The room's timer for a member, with every due transition made first. */
    async watch(user: AuthUser, roomId: string): Promise<FocusState> {
      const room = await rooms.requireMember(roomId, user.id);
      return transact(room.id, user);
    },

    /** Start, pause, resume, skip or stop, by any member. */
    async control(user: AuthUser, input: FocusControlPayload): Promise<FocusState> {
      const room = await rooms.requireMember(input.roomId, user.id);
      switch (input.action) {
        case 'start': {
          await requireOwnTask(user, input.goal);
          // Checked before the write, so bad settings are a 400 and never a half-made start.
          return transact(room.id, user, ({ timer, participants, at }) => {
            const self = participantOf(participants, user.id);
            if (timer.phase === 'idle') {
              const settings = settingsFrom(input.settings, timer.settings);
              return {
                timer: startTimer(settings, at),
                participants: [
                  withGoal(
                    {
                      userId: user.id,
                      name: user.name,
                      joinedAt: at,
                      goalTaskId: null,
                      goalTitle: null,
                      recapDue: false,
                    },
                    input.goal ?? null,
                  ),
                ],
                change: 'start',
              };
            }
            // Someone else started it a moment earlier: this start joins their session.
            if (self && input.goal === undefined) return null;
            return join(timer, participants, user, input.goal, at);
          });
        }
        case 'pause':
          return transact(room.id, user, ({ timer, participants, at }) => {
            const next = pauseTimer(timer, at);
            return next && { timer: next, participants, change: 'pause' };
          });
        case 'resume':
          return transact(room.id, user, ({ timer, participants, at }) => {
            const next = resumeTimer(timer, at);
            return next && { timer: next, participants, change: 'resume' };
          });
        case 'skip':
          return transact(room.id, user, ({ timer, participants, at }) => {
            // A skip means the phase its sender saw: if that one already ended, nothing to do.
            if (timer.phase !== input.phase || timer.round !== input.round) return null;
            const next = skipTimer(timer, at);
            if (!next) return null;
            return {
              timer: next,
              participants: next.phase === 'idle' ? [] : participants,
              change: 'skip',
            };
          });
        case 'stop':
          return transact(room.id, user, ({ timer }) => {
            const next = stopTimer(timer);
            return next && { timer: next, participants: [], change: 'stop' };
          });
      }
    },

    /** Takes part in the running session, or changes the goal (`null` clears it). */
    async join(
      user: AuthUser,
      roomId: string,
      goal: FocusGoal | null | undefined,
    ): Promise<FocusState> {
      const room = await rooms.requireMember(roomId, user.id);
      await requireOwnTask(user, goal);
      return transact(room.id, user, ({ timer, participants, at }) => {
        if (timer.phase === 'idle') throw AppError.conflict(FOCUS_MESSAGES.notRunning);
        return join(timer, participants, user, goal, at);
      });
    },

    async leave(user: AuthUser, roomId: string): Promise<FocusState> {
      const room = await rooms.requireMember(roomId, user.id);
      return transact(room.id, user, ({ timer, participants }) =>
        participantOf(participants, user.id)
          ? {
              timer,
              participants: participants.filter((p) => p.userId !== user.id),
              change: 'leave',
            }
          : null,
      );
    },

    /**
     * The recap after a focus round: `done` counts the goal once (the browser marks the task
     * complete through its tasks store, which syncs) and clears it; `carry` keeps it for the next
     * round.
     */
    async recap(user: AuthUser, roomId: string, outcome: 'done' | 'carry'): Promise<FocusState> {
      const room = await rooms.requireMember(roomId, user.id);
      return transact(room.id, user, ({ timer, participants }) => {
        const self = participantOf(participants, user.id);
        if (!self) throw AppError.conflict(FOCUS_MESSAGES.notParticipant);
        if (!self.goalTaskId) throw AppError.conflict(FOCUS_MESSAGES.noGoal);
        if (outcome === 'carry' && !self.recapDue) return null;
        const updated: ParticipantRow =
          outcome === 'done'
            ? { ...self, goalTaskId: null, goalTitle: null, recapDue: false }
            : { ...self, recapDue: false };
        return {
          timer,
          participants: participants.map((p) => (p.userId === user.id ? updated : p)),
          change: 'recap',
          goalDone: outcome === 'done' ? { taskId: self.goalTaskId } : undefined,
        };
      });
    },

    /**
     * Makes the room's due transitions (a node's timer or sweep asks); resolves with when its
     * phase ends now, or null when nothing is running.
     */
    async advance(roomId: string): Promise<number | null> {
      const state = await transact(roomId, null);
      return timerEndsAt(state);
    },

    /** Rooms whose phase has ended by now (a node's sweep). */
    due(limit = 100): Promise<string[]> {
      return repo.due(now(), limit);
    },

    /** Every running phase and its end, for a node's timers at start. */
    running(): Promise<{ roomId: string; endsAt: number }[]> {
      return repo.running();
    },

    /**
     * The student's focus figures: the streak (a day counts with a completed focus round, a goal
     * done or a synced task completed that Asia/Kolkata day) and this week's focus, Monday to
     * today.
     */
    async stats(userId: string): Promise<FocusStats> {
      const [days, goals, completions] = await Promise.all([
        repo.days(userId),
        repo.goalDays(userId),
        sync.taskCompletionTimes(userId),
      ]);
      const today = focusDayOf(now());
      const counted = new Set<string>();
      for (const d of days) if (d.sessions > 0) counted.add(d.day);
      for (const g of goals) counted.add(g.day);
      for (const at of completions) counted.add(focusDayOf(at));

      const focusByDay = new Map(days.map((d) => [d.day, d]));
      const goalsByDay = new Map(goals.map((g) => [g.day, g.count]));
      const start = weekStartOf(today);
      const week: FocusStats['week']['days'] = [];
      let weekMs = 0;
      for (let day = start; day <= today; day = addDays(day, 1)) {
        const focus = focusByDay.get(day);
        weekMs += focus?.focusMs ?? 0;
        week.push({
          day,
          focusMinutes: Math.round((focus?.focusMs ?? 0) / 60_000),
          sessions: focus?.sessions ?? 0,
          goalsDone: goalsByDay.get(day) ?? 0,
        });
      }
      return {
        today,
        streak: focusStreak(counted, today),
        week: {
          start,
          focusMinutes: Math.round(weekMs / 60_000),
          sessions: week.reduce((sum, d) => sum + d.sessions, 0),
          goalsDone: week.reduce((sum, d) => sum + d.goalsDone, 0),
          days: week,
        },
      };
    },
  };
}

/** Joins `user` to a running session, or changes their goal; null when nothing changes. */
function join(
  timer: FocusTimer,
  participants: ParticipantRow[],
  user: Pick<AuthUser, 'id' | 'name'>,
  goal: FocusGoal | null | undefined,
  at: number,
): ReturnType<Decide> {
  const self = participants.find((p) => p.userId === user.id);
  if (self) {
    const updated = withGoal(self, goal);
    if (updated.goalTaskId === self.goalTaskId && updated.goalTitle === self.goalTitle) return null;
    return {
      timer,
      participants: participants.map((p) => (p.userId === user.id ? updated : p)),
      change: 'goal',
    };
  }
  const added = withGoal(
    {
      userId: user.id,
      name: user.name,
      joinedAt: at,
      goalTaskId: null,
      goalTitle: null,
      recapDue: false,
    },
    goal ?? null,
  );
  return { timer, participants: [...participants, added], change: 'join' };
}

export type FocusService = ReturnType<typeof createFocusService>;
