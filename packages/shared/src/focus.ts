import { z } from 'zod';
import { RoomIdSchema } from './room-id.js';
import { SYNC_LIMITS } from './sync.js';
import { addDays } from './student-day.js';

/**
 * Focus sessions (docs/decisions/0034-focus-sessions.md): a room's shared Pomodoro
 * timer. The server keeps one timer per room as state plus a revision; every screen draws the
 * countdown from the server's clock (clock.ts): remaining = phaseStartedAt + durationMs - now.
 *
 * The phase machine below is pure: the server applies it inside one guarded UPDATE per change
 * (`WHERE rev = $n`), and both apps use the same rules to describe a state.
 *
 * A cycle: focus 1, short break, focus 2, ... focus N, long break, then the timer stops by itself
 * (N = roundsBeforeLong). A stopped timer is `idle`; the group starts another cycle when it wants.
 *
 * Imported as `@studycircle/shared/focus`, not from the package's index: its schemas are built
 * when the module loads, and through the index every route that uses a shared sentence would
 * carry them. This way only the focus panel's lazy chunk (and the server) does.
 */

export const FOCUS_PHASES = ['idle', 'focus', 'short-break', 'long-break'] as const;
export type FocusPhase = (typeof FOCUS_PHASES)[number];
export type RunningPhase = Exclude<FocusPhase, 'idle'>;

/** The day every focus figure is counted in (docs/decisions/0012): the dashboard's zone. */
export const FOCUS_TIME_ZONE = 'Asia/Kolkata';

export const FOCUS_LIMITS = {
  focusMaxMin: 180,
  breakMaxMin: 60,
  roundsMax: 8,
  /** Whole minutes from 1 up; a server with FOCUS_SHORT_PHASES (tests only) takes this instead. */
  minMinutes: 1,
  testMinMinutes: 0.02,
  goalTitleMax: SYNC_LIMITS.titleMax,
} as const;

export interface FocusSettings {
  focusMin: number;
  shortMin: number;
  longMin: number;
  roundsBeforeLong: number;
}

/** The classic Pomodoro: 25 minutes of focus, 5 of rest, a 15-minute break after every 4th. */
export const FOCUS_DEFAULTS: FocusSettings = {
  focusMin: 25,
  shortMin: 5,
  longMin: 15,
  roundsBeforeLong: 4,
};

export const FOCUS_MESSAGES = {
  roundsInvalid: `Rounds before the long break must be a whole number from 1 to ${FOCUS_LIMITS.roundsMax}`,
  goalRequired: 'Type a goal or pick one of your tasks',
  goalTooLong: `A goal must be at most ${FOCUS_LIMITS.goalTitleMax} characters long`,
  taskIdInvalid: 'Pick one of your tasks',
  notRunning: 'No focus session is running. Start one first.',
  notParticipant: 'Join the focus session first.',
  noGoal: 'You have no goal in this session.',
  busy: 'The timer changed at the same moment. Please try again.',
  statsFailed: 'Could not load your focus figures.',
} as const;

function minutesField(label: string, max: number, min: number) {
  const message = `${label} must be ${min < 1 ? 'at least a second' : 'a whole number from 1'} to ${max} minutes`;
  const base = z.number({ error: message }).min(min, message).max(max, message);
  return min >= 1 ? base.int(message) : base;
}

/**
 * The settings a start may carry. Whole minutes from 1 up; `minMinutes` below 1 (a test server,
 * FOCUS_SHORT_PHASES) lets a phase last seconds.
 */
export function focusSettingsSchema(minMinutes: number = FOCUS_LIMITS.minMinutes) {
  return z.strictObject({
    focusMin: minutesField('Focus', FOCUS_LIMITS.focusMaxMin, minMinutes),
    shortMin: minutesField('A short break', FOCUS_LIMITS.breakMaxMin, minMinutes),
    longMin: minutesField('A long break', FOCUS_LIMITS.breakMaxMin, minMinutes),
    roundsBeforeLong: z
      .number({ error: FOCUS_MESSAGES.roundsInvalid })
      .int(FOCUS_MESSAGES.roundsInvalid)
      .min(1, FOCUS_MESSAGES.roundsInvalid)
      .max(FOCUS_LIMITS.roundsMax, FOCUS_MESSAGES.roundsInvalid),
  });
}
export const FocusSettingsSchema = focusSettingsSchema();

/** What a payload may carry before the server fills in defaults and checks the bounds. */
const FocusSettingsInputSchema = z
  .strictObject({
    focusMin: z.number(),
    shortMin: z.number(),
    longMin: z.number(),
    roundsBeforeLong: z.number(),
  })
  .partial();
export type FocusSettingsInput = z.infer<typeof FocusSettingsInputSchema>;

// ---------------------------------------------------------------------------------------------
// The timer and its phase machine.

export interface FocusTimer {
  phase: FocusPhase;
  /** 1-based focus round within the cycle (a break belongs to the round before it); 0 idle. */
  round: number;
  /**
   * Server time (ms) the phase would have started had it never been paused: a resume moves it
   * forward by the pause, so `phaseStartedAt + durationMs` is always the end while running.
   */
  phaseStartedAt: number;
  durationMs: number;
  /** Set while paused: what was left when it was paused. */
  pausedRemainingMs: number | null;
  settings: FocusSettings;
}

const MINUTE_MS = 60_000;

export function phaseDurationMs(phase: FocusPhase, settings: FocusSettings): number {
  const minutes =
    phase === 'focus'
      ? settings.focusMin
      : phase === 'short-break'
        ? settings.shortMin
        : phase === 'long-break'
          ? settings.longMin
          : 0;
  return Math.round(minutes * MINUTE_MS);
}

export function idleTimer(settings: FocusSettings = FOCUS_DEFAULTS, round = 0): FocusTimer {
  return {
    phase: 'idle',
    round,
    phaseStartedAt: 0,
    durationMs: 0,
    pausedRemainingMs: null,
    settings,
  };
}

/** A new cycle: focus round 1 from `now`. */
export function startTimer(settings: FocusSettings, now: number): FocusTimer {
  return {
    phase: 'focus',
    round: 1,
    phaseStartedAt: now,
    durationMs: phaseDurationMs('focus', settings),
    pausedRemainingMs: null,
    settings,
  };
}

export function isRunning(t: FocusTimer): boolean {
  return t.phase !== 'idle' && t.pausedRemainingMs === null;
}

/** When the current phase ends (server ms), or null while idle or paused. */
export function timerEndsAt(t: FocusTimer): number | null {
  return isRunning(t) ? t.phaseStartedAt + t.durationMs : null;
}

/** What is left of the phase at server time `now`. */
export function remainingMs(t: FocusTimer, now: number): number {
  if (t.phase === 'idle') return 0;
  if (t.pausedRemainingMs !== null) return t.pausedRemainingMs;
  return Math.max(0, t.phaseStartedAt + t.durationMs - now);
}

/** The phase after this one, running from `startedAt`; after the long break the cycle is over. */
export function nextPhase(t: FocusTimer, startedAt: number): FocusTimer {
  const { settings } = t;
  const at = (phase: RunningPhase, round: number): FocusTimer => ({
    phase,
    round,
    phaseStartedAt: startedAt,
    durationMs: phaseDurationMs(phase, settings),
    pausedRemainingMs: null,
    settings,
  });
  switch (t.phase) {
    case 'focus':
      return t.round >= settings.roundsBeforeLong
        ? at('long-break', t.round)
        : at('short-break', t.round);
    case 'short-break':
      return at('focus', t.round + 1);
    case 'long-break':
      return idleTimer(settings, t.round);
    case 'idle':
      return t;
  }
}

/** Pauses a running phase; null when there is nothing to pause. */
export function pauseTimer(t: FocusTimer, now: number): FocusTimer | null {
  if (!isRunning(t)) return null;
  return { ...t, pausedRemainingMs: remainingMs(t, now) };
}

/** Resumes a paused phase where it stopped; null when it is not paused. */
export function resumeTimer(t: FocusTimer, now: number): FocusTimer | null {
  if (t.phase === 'idle' || t.pausedRemainingMs === null) return null;
  return {
    ...t,
    phaseStartedAt: now - (t.durationMs - t.pausedRemainingMs),
    pausedRemainingMs: null,
  };
}

/** Ends the phase now and starts the next one (running, even if this one was paused). */
export function skipTimer(t: FocusTimer, now: number): FocusTimer | null {
  if (t.phase === 'idle') return null;
  return nextPhase(t, now);
}

export function stopTimer(t: FocusTimer): FocusTimer | null {
  return t.phase === 'idle' ? null : idleTimer(t.settings, t.round);
}

/** A phase that ran to its end. */
export interface CompletedPhase {
  phase: RunningPhase;
  round: number;
  /** Server ms, pauses taken out (see FocusTimer.phaseStartedAt). */
  startedAt: number;
  endedAt: number;
  durationMs: number;
}

/** More transitions than any real outage could owe: a bound, so bad data cannot spin forever. */
const CATCH_UP_MAX = 1_000;

/**
 * Every transition due by `now`, in order: each next phase starts when the last one ended (the
 * schedule a timer that never missed would have kept), so a server that was down catches up to
 * where the room would be. Returns the state now and the phases that ended on the way.
 */
export function catchUp(
  t: FocusTimer,
  now: number,
): { timer: FocusTimer; completed: CompletedPhase[] } {
  const completed: CompletedPhase[] = [];
  let timer = t;
  for (let i = 0; i < CATCH_UP_MAX; i++) {
    const endsAt = timerEndsAt(timer);
    if (endsAt === null || endsAt > now || timer.phase === 'idle') break;
    completed.push({
      phase: timer.phase,
      round: timer.round,
      startedAt: timer.phaseStartedAt,
      endedAt: endsAt,
      durationMs: timer.durationMs,
    });
    timer = nextPhase(timer, endsAt);
  }
  return { timer, completed };
}

/**
 * The focus time a participant who joined at `joinedAt` is credited for a completed focus phase:
 * the whole phase when they were there from its start, else the part after they joined.
 */
export function creditedMs(phase: CompletedPhase, joinedAt: number): number {
  const from = Math.max(phase.startedAt, joinedAt);
  return Math.min(phase.durationMs, Math.max(0, phase.endedAt - from));
}

/** "Focus", "Short break", "Long break" (and "Stopped" while idle). */
export function phaseLabel(phase: FocusPhase): string {
  return phase === 'focus'
    ? 'Focus'
    : phase === 'short-break'
      ? 'Short break'
      : phase === 'long-break'
        ? 'Long break'
        : 'Stopped';
}

// ---------------------------------------------------------------------------------------------
// Days: focus figures are counted per Asia/Kolkata day, like every dashboard day.

let dayFormat: Intl.DateTimeFormat | undefined;

/** The yyyy-mm-dd day in Asia/Kolkata at server time `ms`. */
export function focusDayOf(ms: number): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: FOCUS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts: Record<string, string> = {};
  for (const part of dayFormat.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

// One definition of day arithmetic, shared with the student's day (student-day.ts).
export { addDays };

/** The Monday of the week `day` is in (weeks run Monday to Sunday, as in India). */
export function weekStartOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The focus streak: consecutive counted days ending today, or ending yesterday while today has
 * nothing yet (a streak is not lost before the day is over).
 */
export function focusStreak(
  counted: ReadonlySet<string>,
  today: string,
): { days: number; countsToday: boolean } {
  const countsToday = counted.has(today);
  let day = countsToday ? today : addDays(today, -1);
  let days = 0;
  while (counted.has(day)) {
    days += 1;
    day = addDays(day, -1);
  }
  return { days, countsToday };
}

// ---------------------------------------------------------------------------------------------
// The wire: socket payloads (parsed by the server), the state every member sees, and the stats.

/** A task's id as the sync contract allows it (sync.ts). */
const TaskIdSchema = z
  .string({ error: FOCUS_MESSAGES.taskIdInvalid })
  .min(1, FOCUS_MESSAGES.taskIdInvalid)
  .max(SYNC_LIMITS.idMax, FOCUS_MESSAGES.taskIdInvalid)
  .regex(/^[A-Za-z0-9_.:-]+$/, FOCUS_MESSAGES.taskIdInvalid);

/**
 * A stated goal: one of the member's own tasks (a typed goal is made a task first, in the
 * browser, through the tasks store, so it syncs like any other).
 */
export const FocusGoalSchema = z.strictObject({
  taskId: TaskIdSchema,
  title: z
    .string({ error: FOCUS_MESSAGES.goalRequired })
    .trim()
    .min(1, FOCUS_MESSAGES.goalRequired)
    .max(FOCUS_LIMITS.goalTitleMax, FOCUS_MESSAGES.goalTooLong),
});
export type FocusGoal = z.infer<typeof FocusGoalSchema>;

/** `focus-watch` and `focus-leave`: just the room. */
export const FocusRoomPayloadSchema = z.strictObject({ roomId: RoomIdSchema });
export type FocusRoomPayload = z.input<typeof FocusRoomPayloadSchema>;

/**
 * `focus-control`: any member starts (with settings and a goal, both optional), pauses, resumes,
 * skips or stops the room's timer. A skip names the phase it means, so two people skipping at
 * once skip one phase, not two.
 */
export const FocusControlPayloadSchema = z.discriminatedUnion('action', [
  z.strictObject({
    roomId: RoomIdSchema,
    action: z.literal('start'),
    settings: FocusSettingsInputSchema.optional(),
    goal: FocusGoalSchema.nullable().optional(),
  }),
  z.strictObject({ roomId: RoomIdSchema, action: z.literal('pause') }),
  z.strictObject({ roomId: RoomIdSchema, action: z.literal('resume') }),
  z.strictObject({
    roomId: RoomIdSchema,
    action: z.literal('skip'),
    phase: z.enum(['focus', 'short-break', 'long-break']),
    round: z.number().int().min(1).max(FOCUS_LIMITS.roundsMax),
  }),
  z.strictObject({ roomId: RoomIdSchema, action: z.literal('stop') }),
]);
export type FocusControlPayload = z.input<typeof FocusControlPayloadSchema>;
export type FocusControlAction = FocusControlPayload['action'];

/** `focus-join`: take part (and be credited), with a goal or none; again to change the goal. */
export const FocusJoinPayloadSchema = z.strictObject({
  roomId: RoomIdSchema,
  goal: FocusGoalSchema.nullable().optional(),
});
export type FocusJoinPayload = z.input<typeof FocusJoinPayloadSchema>;

/** `focus-recap`: after a focus round, the goal is done (counted once) or carried over. */
export const FocusRecapPayloadSchema = z.strictObject({
  roomId: RoomIdSchema,
  outcome: z.enum(['done', 'carry']),
});
export type FocusRecapPayload = z.input<typeof FocusRecapPayloadSchema>;

/** What changed the state last: a member's action, or the server's own phase change. */
export type FocusChange =
  | FocusControlAction
  | 'join'
  | 'leave'
  | 'goal'
  | 'recap'
  /** A phase ran to its end and the next one began. */
  | 'advance'
  /** The cycle's long break ended: the timer stopped by itself. */
  | 'complete';

export interface FocusParticipant {
  userId: string;
  name: string;
  goal: FocusGoal | null;
  /** A focus round ended with the goal still open: the member's recap is waiting. */
  recapDue: boolean;
}

/** The room's focus state as every member sees it (`focus-state`, and every acknowledgement). */
export interface FocusState extends FocusTimer {
  roomId: string;
  /** Higher wins: a client keeps the state with the highest revision it has seen. */
  rev: number;
  /** Who made the last change (null: the server's timer), and what it was. */
  by: { id: string; name: string } | null;
  change: FocusChange | null;
  participants: FocusParticipant[];
}

/** `focus-watch` answered: the state, and the shortest phase this server accepts (minutes). */
export type FocusWatchResult = { state: FocusState; minMinutes: number };
/** Every other focus event answered: the state after it. */
export type FocusResult = { state: FocusState };

/** `GET /api/me/focus-stats`: the signed-in student's focus figures, in Asia/Kolkata days. */
export const FocusDaySchema = z.object({
  day: z.string(),
  focusMinutes: z.number(),
  sessions: z.number().int(),
  goalsDone: z.number().int(),
});
export type FocusDay = z.infer<typeof FocusDaySchema>;

export const FocusStatsSchema = z.object({
  today: z.string(),
  streak: z.object({ days: z.number().int(), countsToday: z.boolean() }),
  week: z.object({
    start: z.string(),
    focusMinutes: z.number(),
    sessions: z.number().int(),
    goalsDone: z.number().int(),
    /** Monday to today, one entry a day. */
    days: z.array(FocusDaySchema),
  }),
});
export type FocusStats = z.infer<typeof FocusStatsSchema>;
export const FocusStatsResponseSchema = z.object({ stats: FocusStatsSchema });
