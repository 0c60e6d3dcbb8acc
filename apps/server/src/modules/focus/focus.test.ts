import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  FocusStatsResponseSchema,
  type FocusState,
  type FocusStats,
} from '@studycircle/shared/focus';
import type { TaskData } from '@studycircle/shared';
import { focusDays } from '../../db/schema.js';
import { http, openTestDatabase, startTestApp, type TestApp } from '../../test/app.js';
import {
  connected,
  newUser,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
} from '../../test/live.js';
import { del, pushOk, put, recordId } from '../../test/sync.js';

/**
 * Focus sessions (docs/decisions/0034-focus-sessions.md) over real Socket.IO clients and
 * a real database (PGlite, or PostgreSQL with DATABASE_URL). The clock is the test's own: it is
 * moved past a phase's end, or across an Asia/Kolkata midnight, and the node's sweep runs, so
 * nothing waits 25 minutes. The two-node suite is multi-node.test.ts.
 */

const MIN = 60_000;
/** 09:30 in Kolkata on Monday 2 March 2026. */
let nowMs = Date.UTC(2026, 2, 2, 4, 0);
const now = () => nowMs;

let t: TestApp;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ appOptions: { focus: { now } } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

async function client(token: string, app: TestApp = t): Promise<LiveClient> {
  const socket = await connected(app.baseUrl, token);
  sockets.push(socket);
  return socket;
}

type Ack = { ok: true; state: FocusState } | { ok: false; code: string; message: string };

/** Emits a focus event and returns its acknowledgement. */
function ask(socket: LiveClient, event: string, payload: object): Promise<Ack> {
  return (
    socket.timeout(10_000) as unknown as { emitWithAck: (e: string, p: object) => Promise<Ack> }
  ).emitWithAck(event, payload);
}

async function ok(socket: LiveClient, event: string, payload: object): Promise<FocusState> {
  const answer = await ask(socket, event, payload);
  if (!answer.ok) throw new Error(`${event}: ${answer.code} ${answer.message}`);
  return answer.state;
}

/** A room with an owner and `members` more, each with a socket watching its focus timer. */
async function focusRoom(members: number, app: TestApp = t) {
  const { room, owner, members: others } = await roomWithMembers(app, members);
  const people = [owner, ...others];
  const socks = await Promise.all(people.map((p) => client(p.token, app)));
  for (const s of socks) await ok(s, 'focus-watch', { roomId: room.id });
  return { room, people, socks };
}

async function stats(token: string, app: TestApp = t): Promise<FocusStats> {
  const res = await http(app.baseUrl, 'GET', '/api/me/focus-stats', { token });
  expect(res.status).toBe(200);
  return FocusStatsResponseSchema.parse(res.body).stats;
}

describe('who may use the timer', () => {
  it('refuses a non-member on every event, and sends them nothing', async () => {
    const { room, socks } = await focusRoom(1);
    const outsider = await newUser(t);
    const stranger = await client(outsider.token);
    const seen = record(stranger, 'focus-state');
    for (const [event, payload] of [
      ['focus-watch', { roomId: room.id }],
      ['focus-control', { roomId: room.id, action: 'start' }],
      ['focus-join', { roomId: room.id }],
      ['focus-leave', { roomId: room.id }],
      ['focus-recap', { roomId: room.id, outcome: 'done' }],
    ] as const) {
      expect(await ask(stranger, event, payload)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    await ok(socks[0]!, 'focus-control', { roomId: room.id, action: 'start' });
    await settle([stranger]);
    expect(seen).toEqual([]);
  });

  it('answers bad payloads with a validation error, never a crash', async () => {
    const { room, socks } = await focusRoom(0);
    const s = socks[0]!;
    for (const payload of [
      { roomId: 'nope', action: 'start' },
      { roomId: room.id, action: 'explode' },
      { roomId: room.id, action: 'skip' },
      { roomId: room.id, action: 'start', settings: { focusMin: 0.5 } },
      { roomId: room.id, action: 'start', settings: { focusMin: 999 } },
      { roomId: room.id, action: 'start', goal: { taskId: 't', title: '' } },
      { roomId: room.id, action: 'start', extra: 1 },
    ]) {
      expect(await ask(s, 'focus-control', payload)).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
      });
    }
    const short = await ask(s, 'focus-control', {
      roomId: room.id,
      action: 'start',
      settings: { focusMin: 0.5 },
    });
    expect(short).toMatchObject({ message: 'Focus must be a whole number from 1 to 180 minutes' });
    // Nothing was started by any of them.
    expect((await ok(s, 'focus-watch', { roomId: room.id })).phase).toBe('idle');
  });
});

describe('any member runs the timer', () => {
  it('starts, pauses, resumes, skips and stops, each change reaching every member with who did it', async () => {
    const { room, people, socks } = await focusRoom(2);
    const [a, b, c] = socks as [LiveClient, LiveClient, LiveClient];
    const seenByC = record(c, 'focus-state');

    const started = await ok(a, 'focus-control', {
      roomId: room.id,
      action: 'start',
      settings: { focusMin: 50, shortMin: 10 },
    });
    expect(started).toMatchObject({
      phase: 'focus',
      round: 1,
      durationMs: 50 * MIN,
      phaseStartedAt: nowMs,
      pausedRemainingMs: null,
      change: 'start',
      by: { id: people[0]!.user.id, name: people[0]!.user.name },
      settings: { focusMin: 50, shortMin: 10, longMin: 15, roundsBeforeLong: 4 },
    });
    expect(started.participants.map((p) => p.userId)).toEqual([people[0]!.user.id]);

    nowMs += 10 * MIN;
    const paused = await ok(b, 'focus-control', { roomId: room.id, action: 'pause' });
    expect(paused).toMatchObject({ pausedRemainingMs: 40 * MIN, change: 'pause' });
    expect(paused.by?.id).toBe(people[1]!.user.id);

    nowMs += 5 * MIN;
    const resumed = await ok(c, 'focus-control', { roomId: room.id, action: 'resume' });
    expect(resumed.pausedRemainingMs).toBeNull();
    expect(resumed.phaseStartedAt + resumed.durationMs).toBe(nowMs + 40 * MIN);

    const skipped = await ok(a, 'focus-control', {
      roomId: room.id,
      action: 'skip',
      phase: 'focus',
      round: 1,
    });
    expect(skipped).toMatchObject({ phase: 'short-break', round: 1, durationMs: 10 * MIN });

    const stopped = await ok(b, 'focus-control', { roomId: room.id, action: 'stop' });
    expect(stopped).toMatchObject({ phase: 'idle', participants: [], change: 'stop' });

    await settle([c]);
    expect(seenByC.map((s) => s.change)).toEqual(['start', 'pause', 'resume', 'skip', 'stop']);
    expect(seenByC.map((s) => s.rev)).toEqual([1, 2, 3, 4, 5].map((n) => n + started.rev - 1));
    // A skipped focus round is not a completed one: nobody was credited.
    expect((await stats(people[0]!.token)).week.sessions).toBe(0);
  });

  it('follows the timer on its own channel: leaving the chat keeps it, focus-unwatch ends it', async () => {
    const { room, socks } = await focusRoom(2);
    const [a, b, c] = socks as [LiveClient, LiveClient, LiveClient];
    // b's chat closes (its chat panel unmounted) while its timer stays open.
    await ask(b, 'join-chat', { roomId: room.id });
    await ask(b, 'leave-chat', { roomId: room.id });
    expect((await ask(c, 'focus-unwatch', { roomId: room.id })).ok).toBe(true);
    const seenByB = record(b, 'focus-state');
    const seenByC = record(c, 'focus-state');
    await ok(a, 'focus-control', { roomId: room.id, action: 'start' });
    await ok(a, 'focus-control', { roomId: room.id, action: 'stop' });
    await settle([b, c]);
    expect(seenByB.map((s) => s.change)).toEqual(['start', 'stop']);
    expect(seenByC).toEqual([]);
  });

  it('actions sent at the same moment end in one state, everywhere', async () => {
    const { room, socks } = await focusRoom(4);
    const seen = socks.map((s) => record(s, 'focus-state'));
    await ok(socks[0]!, 'focus-control', { roomId: room.id, action: 'start' });
    for (let round = 0; round < 3; round++) {
      // Everyone presses something at once: two pauses, a resume, two skips of the same phase.
      const current = await ok(socks[0]!, 'focus-watch', { roomId: room.id });
      const answers = await Promise.all([
        ask(socks[0]!, 'focus-control', { roomId: room.id, action: 'pause' }),
        ask(socks[1]!, 'focus-control', { roomId: room.id, action: 'pause' }),
        ask(socks[2]!, 'focus-control', { roomId: room.id, action: 'resume' }),
        ask(socks[3]!, 'focus-control', {
          roomId: room.id,
          action: 'skip',
          phase: current.phase,
          round: current.round,
        }),
        ask(socks[4]!, 'focus-control', {
          roomId: room.id,
          action: 'skip',
          phase: current.phase,
          round: current.round,
        }),
      ]);
      expect(answers.every((a) => a.ok)).toBe(true);
      await settle(socks);
      const final = await ok(socks[0]!, 'focus-watch', { roomId: room.id });
      // Every member's newest state is the stored one.
      for (const list of seen) {
        const newest = list.reduce((a, b) => (b.rev > a.rev ? b : a));
        expect(newest).toEqual(final);
      }
      // Two skips of one phase moved it on once.
      const skips = seen[0]!.filter((s) => s.rev > current.rev && s.change === 'skip');
      expect(skips).toHaveLength(1);
      // No revision was handed out twice.
      const revs = seen[0]!.map((s) => s.rev);
      expect(new Set(revs).size).toBe(revs.length);
    }
  });
});

describe('study that counts', () => {
  it('credits a completed focus round once to each participant, a late joiner from when they joined', async () => {
    const { room, people, socks } = await focusRoom(2);
    const [a, b] = socks as [LiveClient, LiveClient];
    await ok(a, 'focus-control', { roomId: room.id, action: 'start' });
    nowMs += 10 * MIN;
    await ok(b, 'focus-join', { roomId: room.id });
    // The third member watches but never joins: no credit.
    nowMs += 16 * MIN;
    const seen = record(socks[2]!, 'focus-state');
    // The end seen by the sweep, by reads and by actions all at once, several times over.
    await Promise.all([
      t.app.focusTimers.sweep(),
      t.app.focusTimers.sweep(),
      ok(socks[2]!, 'focus-watch', { roomId: room.id }),
      ok(a, 'focus-watch', { roomId: room.id }),
      ask(b, 'focus-control', { roomId: room.id, action: 'pause' }),
    ]);
    await settle(socks);
    // However many looked, each revision went out once and at most one of them was the end.
    expect(new Set(seen.map((s) => s.rev)).size).toBe(seen.length);
    expect(seen.filter((s) => s.change === 'advance').length).toBeLessThanOrEqual(1);
    const final = await ok(a, 'focus-watch', { roomId: room.id });
    expect(final).toMatchObject({ phase: 'short-break', round: 1 });

    const rows = await t.database.db
      .select()
      .from(focusDays)
      .where(eq(focusDays.day, '2026-03-02'));
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    expect(byUser.get(people[0]!.user.id)).toMatchObject({ focusMs: 25 * MIN, sessions: 1 });
    expect(byUser.get(people[1]!.user.id)).toMatchObject({ focusMs: 15 * MIN, sessions: 1 });
    expect(byUser.has(people[2]!.user.id)).toBe(false);

    // Further reads after the end change nothing.
    await t.app.focusTimers.sweep();
    await ok(a, 'focus-watch', { roomId: room.id });
    expect((await stats(people[0]!.token)).week).toMatchObject({ focusMinutes: 25, sessions: 1 });
    await ok(a, 'focus-control', { roomId: room.id, action: 'stop' });
  });

  it('a goal: stated at the start, recapped after the round, done counted once, carry over kept', async () => {
    const { room, people, socks } = await focusRoom(1);
    const [a, b] = socks as [LiveClient, LiveClient];
    const goalA = { taskId: recordId('task'), title: 'Read chapter 3' };
    const goalB = { taskId: recordId('task'), title: 'Ten past papers' };
    await pushOk(t.baseUrl, people[0]!.token, [put('task', goalA.taskId)]);
    await pushOk(t.baseUrl, people[1]!.token, [put('task', goalB.taskId)]);
    await ok(a, 'focus-control', { roomId: room.id, action: 'start', goal: goalA });
    const joined = await ok(b, 'focus-join', { roomId: room.id, goal: goalB });
    const of = (state: FocusState, i: number) =>
      state.participants.find((p) => p.userId === people[i]!.user.id);
    expect(of(joined, 0)?.goal).toEqual(goalA);
    expect(of(joined, 1)?.goal).toEqual(goalB);
    // A recap before the round ended: carry over has nothing to do; a goal may be done early.
    expect((await ask(a, 'focus-recap', { roomId: room.id, outcome: 'carry' })).ok).toBe(true);

    nowMs += 25 * MIN;
    await t.app.focusTimers.sweep();
    const afterRound = await ok(a, 'focus-watch', { roomId: room.id });
    expect(afterRound.participants.map((p) => p.recapDue)).toEqual([true, true]);

    const done = await ok(a, 'focus-recap', { roomId: room.id, outcome: 'done' });
    expect(of(done, 0)).toMatchObject({ goal: null, recapDue: false });
    const carried = await ok(b, 'focus-recap', { roomId: room.id, outcome: 'carry' });
    expect(of(carried, 1)).toMatchObject({ goal: goalB, recapDue: false });
    // Done again, or the same task stated and done again: still one goal.
    expect(await ask(a, 'focus-recap', { roomId: room.id, outcome: 'done' })).toMatchObject({
      ok: false,
      message: 'You have no goal in this session.',
    });
    await ok(a, 'focus-join', { roomId: room.id, goal: goalA });
    await ok(a, 'focus-recap', { roomId: room.id, outcome: 'done' });
    expect((await stats(people[0]!.token)).week.goalsDone).toBe(1);
    expect((await stats(people[1]!.token)).week.goalsDone).toBe(0);
    await ok(a, 'focus-control', { roomId: room.id, action: 'stop' });
  });

  it("a goal names only the member's own synced tasks, never another's or a deleted one", async () => {
    const { room, people, socks } = await focusRoom(1);
    const [a, b] = socks as [LiveClient, LiveClient];
    const mine = recordId('task');
    const theirs = recordId('task');
    const gone = recordId('task');
    await pushOk(t.baseUrl, people[0]!.token, [put('task', mine), put('task', gone)]);
    await pushOk(t.baseUrl, people[0]!.token, [del('task', gone)]);
    await pushOk(t.baseUrl, people[1]!.token, [put('task', theirs)]);
    const refused = { ok: false, code: 'VALIDATION_FAILED', message: 'Pick one of your tasks' };
    for (const taskId of [theirs, gone, recordId('task')]) {
      const goal = { taskId, title: 'Not mine' };
      expect(
        await ask(a, 'focus-control', { roomId: room.id, action: 'start', goal }),
      ).toMatchObject(refused);
    }
    // Nothing started by a refused start.
    expect((await ok(a, 'focus-watch', { roomId: room.id })).phase).toBe('idle');
    await ok(a, 'focus-control', {
      roomId: room.id,
      action: 'start',
      goal: { taskId: mine, title: 'Mine' },
    });
    expect(
      await ask(b, 'focus-join', { roomId: room.id, goal: { taskId: mine, title: 'Hers' } }),
    ).toMatchObject(refused);
    const joined = await ok(b, 'focus-join', {
      roomId: room.id,
      goal: { taskId: theirs, title: 'His' },
    });
    expect(joined.participants.map((p) => p.goal?.taskId)).toEqual([mine, theirs]);
    expect(
      await ask(a, 'focus-join', { roomId: room.id, goal: { taskId: theirs, title: 'Swap' } }),
    ).toMatchObject(refused);
    await ok(a, 'focus-control', { roomId: room.id, action: 'stop' });
  });

  it('a member who leaves the room leaves its session', async () => {
    const { room, people, socks } = await focusRoom(1);
    await ok(socks[0]!, 'focus-control', { roomId: room.id, action: 'start' });
    await ok(socks[1]!, 'focus-join', { roomId: room.id });
    const left = await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, {
      token: people[1]!.token,
    });
    expect(left.status).toBe(200);
    const state = await ok(socks[0]!, 'focus-watch', { roomId: room.id });
    expect(state.participants.map((p) => p.userId)).toEqual([people[0]!.user.id]);
    await ok(socks[0]!, 'focus-control', { roomId: room.id, action: 'stop' });
  });

  it('counts streak days in Asia/Kolkata: a round before midnight, a task done after it', async () => {
    const { room, people, socks } = await focusRoom(0);
    const me = people[0]!;
    // Tuesday 3 March, 23:40 in Kolkata (18:10 UTC): a 25-minute round ends at 00:05 on the 4th.
    nowMs = Date.UTC(2026, 2, 3, 18, 10);
    await ok(socks[0]!, 'focus-control', {
      roomId: room.id,
      action: 'start',
      settings: { focusMin: 15 },
    });
    // 18:25 UTC is 23:55 on the 3rd: the round ends before midnight there.
    nowMs = Date.UTC(2026, 2, 3, 18, 29);
    await t.app.focusTimers.sweep();
    await ok(socks[0]!, 'focus-control', { roomId: room.id, action: 'stop' });
    let s = await stats(me.token);
    expect(s.today).toBe('2026-03-03');
    expect(s.streak).toEqual({ days: 1, countsToday: true });

    // Two minutes later it is the 4th in Kolkata: yesterday's streak stands, today not yet.
    nowMs = Date.UTC(2026, 2, 3, 18, 31);
    s = await stats(me.token);
    expect(s.today).toBe('2026-03-04');
    expect(s.streak).toEqual({ days: 1, countsToday: false });

    // A task completed at 00:10 on the 4th (Kolkata), synced from the browser, counts the day.
    const task: TaskData = {
      title: 'Flashcards',
      due: null,
      priority: 'medium',
      status: 'done',
      completed: true,
      createdAt: nowMs - 60 * MIN,
      completedAt: Date.UTC(2026, 2, 3, 18, 40),
    };
    await pushOk(t.baseUrl, me.token, [put('task', recordId('task'), task)]);
    nowMs = Date.UTC(2026, 2, 3, 19, 0);
    s = await stats(me.token);
    expect(s.streak).toEqual({ days: 2, countsToday: true });
    // The week started on Monday the 2nd: this week's minutes are the 15 of Tuesday night.
    expect(s.week).toMatchObject({ start: '2026-03-02', focusMinutes: 15, sessions: 1 });
    expect(s.week.days.map((d) => d.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);

    // Friday the 6th with nothing on Thursday: the streak is over.
    nowMs = Date.UTC(2026, 2, 6, 6, 0);
    s = await stats(me.token);
    expect(s.streak).toEqual({ days: 0, countsToday: false });
  });

  it('refuses the figures without a sign-in', async () => {
    expect((await http(t.baseUrl, 'GET', '/api/me/focus-stats')).status).toBe(401);
  });
});

describe('a server restart', () => {
  it('keeps the state, and the phase that ended while it was down is made, and credited, once', async () => {
    const opened = await openTestDatabase();
    let clock = Date.UTC(2026, 5, 1, 6, 0);
    const focus = { now: () => clock };
    // One deployment: the same signing secret on both sides of the restart.
    const env = { JWT_SECRET: 'focus-restart-test-secret-0123456789abcdef' };
    const first = await startTestApp({ env, database: opened.database, appOptions: { focus } });
    let second: TestApp | undefined;
    try {
      const { room, owner } = await roomWithMembers(first, 0);
      const before = await client(owner.token, first);
      await ok(before, 'focus-watch', { roomId: room.id });
      await ok(before, 'focus-control', { roomId: room.id, action: 'start' });
      before.disconnect();
      await first.close();

      // 28 minutes later (the round ended at 25) another process opens the same database. Its
      // timers make the due transition as it starts, before anyone asks.
      clock += 28 * MIN;
      second = await startTestApp({ env, database: opened.database, appOptions: { focus } });
      const db = second.database.db;
      await expect
        .poll(
          async () =>
            (await db.select().from(focusDays).where(eq(focusDays.userId, owner.user.id))).length,
        )
        .toBe(1);
      const after = await client(owner.token, second);
      const state = await ok(after, 'focus-watch', { roomId: room.id });
      expect(state).toMatchObject({ phase: 'short-break', round: 1, change: 'advance', by: null });
      expect(state.phaseStartedAt).toBe(clock - 3 * MIN);
      await second.app.focusTimers.sweep();
      expect((await stats(owner.token, second)).week).toMatchObject({
        focusMinutes: 25,
        sessions: 1,
      });
    } finally {
      await second?.close();
      await opened.drop();
    }
  });
});
