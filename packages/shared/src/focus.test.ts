import { describe, expect, it } from 'vitest';
import {
  FOCUS_DEFAULTS,
  FocusControlPayloadSchema,
  FocusGoalSchema,
  addDays,
  catchUp,
  creditedMs,
  focusDayOf,
  focusSettingsSchema,
  focusStreak,
  idleTimer,
  nextPhase,
  pauseTimer,
  remainingMs,
  resumeTimer,
  skipTimer,
  startTimer,
  stopTimer,
  timerEndsAt,
  weekStartOf,
  type FocusSettings,
} from './focus.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 2, 4, 0); // 09:30 in Kolkata

describe('the phase machine', () => {
  it('starts focus round 1 with the settings, and counts down from the server time', () => {
    const t = startTimer(FOCUS_DEFAULTS, T0);
    expect(t).toMatchObject({ phase: 'focus', round: 1, durationMs: 25 * MIN });
    expect(timerEndsAt(t)).toBe(T0 + 25 * MIN);
    expect(remainingMs(t, T0 + 10 * MIN)).toBe(15 * MIN);
    expect(remainingMs(t, T0 + 30 * MIN)).toBe(0);
  });

  it('walks a whole cycle: focus and short breaks, a long break after the 4th, then stops', () => {
    let t = startTimer(FOCUS_DEFAULTS, T0);
    const seen: string[] = [];
    for (let i = 0; i < 9; i++) {
      seen.push(`${t.phase}:${t.round}:${t.durationMs / MIN}`);
      t = nextPhase(t, T0);
    }
    expect(seen).toEqual([
      'focus:1:25',
      'short-break:1:5',
      'focus:2:25',
      'short-break:2:5',
      'focus:3:25',
      'short-break:3:5',
      'focus:4:25',
      'long-break:4:15',
      'idle:4:0',
    ]);
  });

  it('pauses with what is left and resumes from there, so the end moves by the pause', () => {
    const t = startTimer(FOCUS_DEFAULTS, T0);
    const paused = pauseTimer(t, T0 + 10 * MIN)!;
    expect(paused.pausedRemainingMs).toBe(15 * MIN);
    expect(timerEndsAt(paused)).toBeNull();
    // Time passing while paused changes nothing.
    expect(remainingMs(paused, T0 + 50 * MIN)).toBe(15 * MIN);
    const resumed = resumeTimer(paused, T0 + 20 * MIN)!;
    expect(resumed.pausedRemainingMs).toBeNull();
    expect(timerEndsAt(resumed)).toBe(T0 + 35 * MIN);
    expect(remainingMs(resumed, T0 + 20 * MIN)).toBe(15 * MIN);
  });

  it('refuses what makes no sense: pausing twice, resuming a running timer, anything idle', () => {
    const t = startTimer(FOCUS_DEFAULTS, T0);
    const paused = pauseTimer(t, T0)!;
    expect(pauseTimer(paused, T0)).toBeNull();
    expect(resumeTimer(t, T0)).toBeNull();
    const idle = idleTimer();
    expect(pauseTimer(idle, T0)).toBeNull();
    expect(resumeTimer(idle, T0)).toBeNull();
    expect(skipTimer(idle, T0)).toBeNull();
    expect(stopTimer(idle)).toBeNull();
  });

  it('skips to the next phase, running from now even when the skipped phase was paused', () => {
    const paused = pauseTimer(startTimer(FOCUS_DEFAULTS, T0), T0 + MIN)!;
    const skipped = skipTimer(paused, T0 + 2 * MIN)!;
    expect(skipped).toMatchObject({ phase: 'short-break', round: 1, pausedRemainingMs: null });
    expect(timerEndsAt(skipped)).toBe(T0 + 7 * MIN);
  });

  it('stops to idle, keeping the settings', () => {
    const custom: FocusSettings = { focusMin: 50, shortMin: 10, longMin: 30, roundsBeforeLong: 2 };
    const stopped = stopTimer(startTimer(custom, T0))!;
    expect(stopped).toMatchObject({ phase: 'idle', settings: custom });
  });
});

describe('catching up', () => {
  it('does nothing before the end', () => {
    const t = startTimer(FOCUS_DEFAULTS, T0);
    expect(catchUp(t, T0 + 25 * MIN - 1)).toEqual({ timer: t, completed: [] });
  });

  it('makes each due transition on the schedule a timer that never missed would have kept', () => {
    const t = startTimer(FOCUS_DEFAULTS, T0);
    // Down from minute 20 to minute 62: focus 1 (0-25), break (25-30), focus 2 (30-55),
    // break (55-60) ended; focus 3 began at minute 60.
    const { timer, completed } = catchUp(t, T0 + 62 * MIN);
    expect(completed.map((c) => `${c.phase}:${c.round}:${(c.endedAt - T0) / MIN}`)).toEqual([
      'focus:1:25',
      'short-break:1:30',
      'focus:2:55',
      'short-break:2:60',
    ]);
    expect(timer).toMatchObject({ phase: 'focus', round: 3, phaseStartedAt: T0 + 60 * MIN });
  });

  it('leaves a paused timer alone however long it waits', () => {
    const paused = pauseTimer(startTimer(FOCUS_DEFAULTS, T0), T0 + MIN)!;
    expect(catchUp(paused, T0 + 500 * MIN).completed).toEqual([]);
  });

  it('ends at idle after the long break, however late', () => {
    const s: FocusSettings = { ...FOCUS_DEFAULTS, roundsBeforeLong: 1 };
    const { timer, completed } = catchUp(startTimer(s, T0), T0 + 10_000 * MIN);
    expect(completed.map((c) => c.phase)).toEqual(['focus', 'long-break']);
    expect(timer.phase).toBe('idle');
  });
});

describe('credit', () => {
  const phase = {
    phase: 'focus' as const,
    round: 1,
    startedAt: T0,
    endedAt: T0 + 25 * MIN,
    durationMs: 25 * MIN,
  };
  it('is the whole phase for a member there from the start', () => {
    expect(creditedMs(phase, T0 - MIN)).toBe(25 * MIN);
  });
  it('is the part after joining for a late joiner, and nothing for one who joined after it', () => {
    expect(creditedMs(phase, T0 + 10 * MIN)).toBe(15 * MIN);
    expect(creditedMs(phase, T0 + 30 * MIN)).toBe(0);
  });
});

describe('days in Asia/Kolkata', () => {
  it('turns at 18:30 UTC', () => {
    expect(focusDayOf(Date.UTC(2026, 2, 1, 18, 29))).toBe('2026-03-01');
    expect(focusDayOf(Date.UTC(2026, 2, 1, 18, 31))).toBe('2026-03-02');
  });
  it('counts weeks from Monday', () => {
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02'); // a Monday
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02'); // the Sunday after
    expect(weekStartOf('2026-03-01')).toBe('2026-02-23');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('the focus streak', () => {
  it('counts consecutive days ending today', () => {
    const days = new Set(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(focusStreak(days, '2026-03-03')).toEqual({ days: 3, countsToday: true });
  });
  it('keeps yesterday’s streak while today has nothing yet, and loses it after a gap', () => {
    const days = new Set(['2026-03-01', '2026-03-02']);
    expect(focusStreak(days, '2026-03-03')).toEqual({ days: 2, countsToday: false });
    expect(focusStreak(days, '2026-03-04')).toEqual({ days: 0, countsToday: false });
  });
});

describe('payloads', () => {
  it('checks settings in whole minutes, or in seconds on a test server', () => {
    const strict = focusSettingsSchema();
    expect(strict.safeParse(FOCUS_DEFAULTS).success).toBe(true);
    const short = { ...FOCUS_DEFAULTS, focusMin: 0.05 };
    expect(strict.safeParse(short).error?.issues[0]?.message).toBe(
      'Focus must be a whole number from 1 to 180 minutes',
    );
    expect(focusSettingsSchema(0.02).safeParse(short).success).toBe(true);
    expect(strict.safeParse({ ...FOCUS_DEFAULTS, roundsBeforeLong: 9 }).success).toBe(false);
  });

  it('takes a skip only with the phase it means, and a goal with a title', () => {
    const roomId = 'a'.repeat(24);
    expect(FocusControlPayloadSchema.safeParse({ roomId, action: 'skip' }).success).toBe(false);
    expect(
      FocusControlPayloadSchema.safeParse({ roomId, action: 'skip', phase: 'focus', round: 1 })
        .success,
    ).toBe(true);
    expect(FocusControlPayloadSchema.safeParse({ roomId, action: 'explode' }).success).toBe(false);
    expect(FocusGoalSchema.safeParse({ taskId: 't1', title: '   ' }).success).toBe(false);
    expect(FocusGoalSchema.parse({ taskId: 't1', title: ' Read ch. 3 ' }).title).toBe('Read ch. 3');
  });
});
