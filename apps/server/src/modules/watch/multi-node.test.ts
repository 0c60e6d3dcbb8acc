import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Ack,
  WatchAction,
  WatchResult,
  WatchState,
  WatchStateEvent,
} from '@studycircle/shared';
import { http, startTwoNodes, type TestApp } from '../../test/app.js';
import {
  connected,
  next,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
} from '../../test/live.js';

/**
 * Watch together on two server nodes sharing one database and one Redis: an action taken through
 * one node reaches followers on the other, actions taken through both nodes at the same moment end
 * in one state (the highest revision) on every socket, and a member who leaves through one node
 * stops hearing the video on the other. vitest.config.ts includes this file only when REDIS_URL
 * is set.
 */

const VIDEO = 'https://media.example.org/lectures/week-2.mp4';

function act(socket: LiveClient, roomId: string, action: WatchAction): Promise<Ack<WatchResult>> {
  return socket.emitWithAck('watch-action', { roomId, action });
}

function newest(events: WatchStateEvent[]): WatchState | undefined {
  return events.reduce<WatchState | undefined>(
    (best, e) => (!best || e.state.rev > best.rev ? e.state : best),
    undefined,
  );
}

describe('watching together across nodes', () => {
  let a: TestApp;
  let b: TestApp;
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    ({ a, b } = await startTwoNodes());
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await b?.close();
    await a?.close();
  });

  it('reaches followers on the other node, and simultaneous actions on both end in one state', async () => {
    const { room, owner, members } = await roomWithMembers(a, 2);
    const onA = await connected(a.baseUrl, owner.token);
    const onB = await connected(b.baseUrl, members[0]!.token);
    const alsoOnB = await connected(b.baseUrl, members[1]!.token);
    sockets.push(onA, onB, alsoOnB);
    for (const s of [onA, onB, alsoOnB]) {
      expect(await s.emitWithAck('watch-join', { roomId: room.id })).toMatchObject({ ok: true });
    }

    const seen = next(onB, 'watch-state');
    const started = await act(onA, room.id, { type: 'start', src: VIDEO });
    expect(started.ok).toBe(true);
    expect((await seen).state).toMatchObject({ src: VIDEO, rev: 1 });
    // The start has reached every socket (node B's two in the same adapter message as onB's)
    // before counting what comes next.
    await settle([onA, onB, alsoOnB]);

    const heard = [onA, onB, alsoOnB].map((s) => record(s, 'watch-state'));
    // Play on one node, pause and a seek on the other, all at once, a few times over.
    const answers = await Promise.all([
      act(onA, room.id, { type: 'play' }),
      act(onB, room.id, { type: 'pause' }),
      act(alsoOnB, room.id, { type: 'seek', position: 12 }),
      act(onA, room.id, { type: 'pause' }),
      act(onB, room.id, { type: 'play' }),
      act(alsoOnB, room.id, { type: 'rate', rate: 2 }),
    ]);
    expect(answers.every((x) => x.ok)).toBe(true);
    const revs = answers.map((x) => (x.ok ? x.state.rev : 0)).sort((x, y) => x - y);
    expect(revs).toEqual([2, 3, 4, 5, 6, 7]);

    // A fresh look on either node reads the same stored state, and every socket ends there.
    const fromA = await onA.emitWithAck('watch-join', { roomId: room.id });
    const fromB = await onB.emitWithAck('watch-join', { roomId: room.id });
    expect(fromA.ok && fromB.ok).toBe(true);
    if (!fromA.ok || !fromB.ok) return;
    expect(fromB.state).toEqual(fromA.state);
    expect(fromA.state.rev).toBe(7);
    await settle([onA, onB, alsoOnB]);
    for (const events of heard) {
      await expect.poll(() => events.length).toBe(6);
      expect(newest(events)).toEqual(fromA.state);
    }
  });

  it('a member who leaves through one node stops hearing the video on the other', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const onA = await connected(a.baseUrl, owner.token);
    const leaverOnB = await connected(b.baseUrl, members[0]!.token);
    sockets.push(onA, leaverOnB);
    for (const s of [onA, leaverOnB]) await s.emitWithAck('watch-join', { roomId: room.id });

    const told = next(leaverOnB, 'removed-from-room');
    const left = await http(a.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, {
      token: members[0]!.token,
    });
    expect(left.status).toBeLessThan(300);
    await told;
    const heard = record(leaverOnB, 'watch-state');
    expect((await act(onA, room.id, { type: 'start', src: VIDEO })).ok).toBe(true);
    expect(await act(leaverOnB, room.id, { type: 'stop' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    await settle([leaverOnB]);
    expect(heard).toEqual([]);
  });
});
