import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FocusState } from '@studycircle/shared/focus';
import { focusDays } from '../../db/schema.js';
import { startTwoNodes, type TestApp } from '../../test/app.js';
import { connected, record, roomWithMembers, settle, type LiveClient } from '../../test/live.js';

/**
 * The focus timer on two server nodes sharing one database and one Redis, each with its own
 * timers (docs/decisions/0034-focus-sessions.md): both nodes try to end every phase, one write
 * wins, members on both nodes see each change once, and each completed round is credited once.
 * Real time, with phases of about two seconds (FOCUS_SHORT_PHASES, a test-only switch).
 * vitest.config.ts includes this file only when REDIS_URL is set.
 */
describe('the focus timer across nodes', () => {
  let a: TestApp;
  let b: TestApp;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    ({ a, b } = await startTwoNodes({ FOCUS_SHORT_PHASES: '1' }));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await b?.close();
    await a?.close();
  });

  type Ack = { ok: true; state: FocusState } | { ok: false; code: string; message: string };
  async function ok(socket: LiveClient, event: string, payload: object): Promise<FocusState> {
    const answer = await (
      socket.timeout(10_000) as unknown as {
        emitWithAck: (e: string, p: object) => Promise<Ack>;
      }
    ).emitWithAck(event, payload);
    if (!answer.ok) throw new Error(`${event}: ${answer.code} ${answer.message}`);
    return answer.state;
  }

  /** Counts each node's attempts to end a phase (its timers call the service's `advance`). */
  function countAdvances(node: TestApp): { calls: number } {
    const counter = { calls: 0 };
    const focus = node.app.services.focus;
    const original = focus.advance.bind(focus);
    focus.advance = (roomId: string) => {
      counter.calls += 1;
      return original(roomId);
    };
    return counter;
  }

  it('ends every phase once, though both nodes try, and credits each round once', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    sockets.push(onA, onB);
    await ok(onA, 'focus-watch', { roomId: room.id });
    await ok(onB, 'focus-watch', { roomId: room.id });
    const seenA = record(onA, 'focus-state');
    const seenB = record(onB, 'focus-state');
    const triesA = countAdvances(a);
    const triesB = countAdvances(b);

    // Two rounds of 1.8 s with a 1.2 s break, then a 1.2 s long break: the cycle ends by itself.
    await ok(onA, 'focus-control', {
      roomId: room.id,
      action: 'start',
      settings: { focusMin: 0.03, shortMin: 0.02, longMin: 0.02, roundsBeforeLong: 2 },
    });
    await ok(onB, 'focus-join', { roomId: room.id });
    await expect
      .poll(() => seenB.at(-1)?.change, { timeout: 20_000, interval: 100 })
      .toBe('complete');
    await settle([onA, onB]);

    for (const seen of [seenA, seenB]) {
      expect(seen.map((s) => s.change)).toEqual([
        'start',
        'join',
        'advance',
        'advance',
        'advance',
        'complete',
      ]);
      const revs = seen.map((s) => s.rev);
      expect(revs).toEqual([...revs].sort((x, y) => x - y));
      expect(new Set(revs).size).toBe(revs.length);
    }
    // Both nodes' timers went off for the phase ends; only one write each time.
    expect(triesA.calls).toBeGreaterThanOrEqual(4);
    expect(triesB.calls).toBeGreaterThanOrEqual(4);

    for (const person of [owner, members[0]!]) {
      const rows = await a.database.db
        .select()
        .from(focusDays)
        .where(eq(focusDays.userId, person.user.id));
      expect(rows.reduce((sum, r) => sum + r.sessions, 0)).toBe(2);
    }
  });

  it('a pause on one node and a resume on the other reach members on both', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    sockets.push(onA, onB);
    await ok(onA, 'focus-watch', { roomId: room.id });
    await ok(onB, 'focus-watch', { roomId: room.id });
    const seenA = record(onA, 'focus-state');
    await ok(onA, 'focus-control', { roomId: room.id, action: 'start' });
    const paused = await ok(onB, 'focus-control', { roomId: room.id, action: 'pause' });
    const resumed = await ok(onA, 'focus-control', { roomId: room.id, action: 'resume' });
    await settle([onA, onB]);
    expect(seenA.map((s) => [s.change, s.by?.id])).toEqual([
      ['start', owner.user.id],
      ['pause', members[0]!.user.id],
      ['resume', owner.user.id],
    ]);
    expect(paused.pausedRemainingMs).toBeGreaterThan(0);
    expect(resumed.pausedRemainingMs).toBeNull();
    await ok(onB, 'focus-control', { roomId: room.id, action: 'stop' });
  });
});
