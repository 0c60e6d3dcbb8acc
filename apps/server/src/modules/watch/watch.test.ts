import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOM_MESSAGES,
  WATCH_MESSAGES,
  WatchStateSchema,
  type Ack,
  type WatchAction,
  type WatchResult,
  type WatchState,
  type WatchStateEvent,
} from '@studycircle/shared';
import { http, openTestDatabase, startTestApp, type TestApp } from '../../test/app.js';
import {
  connected,
  newUser,
  next,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
} from '../../test/live.js';

/**
 * Watch together over real Socket.IO clients on PGlite (and PostgreSQL with DATABASE_URL): members
 * follow a room's video and every action reaches them with a higher revision; someone outside the
 * room gets nothing and can do nothing, and a member who leaves stops hearing it; bad links are
 * refused with a sentence saying why; actions sent at the same moment end in one state on every
 * socket; the timeline outlives a restart of the app. Two nodes: multi-node.test.ts.
 */

let t: TestApp;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

const VIDEO = 'https://media.example.org/lectures/week-1.webm';

async function socketOf(app: TestApp, token: string): Promise<LiveClient> {
  const socket = await connected(app.baseUrl, token);
  sockets.push(socket);
  return socket;
}

async function join(socket: LiveClient, roomId: string): Promise<WatchState> {
  const answer = await socket.emitWithAck('watch-join', { roomId });
  if (!answer.ok) throw new Error(`watch-join refused: ${answer.code} ${answer.message}`);
  return WatchStateSchema.parse(answer.state);
}

function act(socket: LiveClient, roomId: string, action: WatchAction): Promise<Ack<WatchResult>> {
  return socket.emitWithAck('watch-action', { roomId, action });
}

async function actOk(socket: LiveClient, roomId: string, action: WatchAction): Promise<WatchState> {
  const answer = await act(socket, roomId, action);
  if (!answer.ok) throw new Error(`watch-action refused: ${answer.code} ${answer.message}`);
  return answer.state;
}

/** The state with the highest revision among those a socket received. */
function newest(events: WatchStateEvent[]): WatchState | undefined {
  return events.reduce<WatchState | undefined>(
    (best, e) => (!best || e.state.rev > best.rev ? e.state : best),
    undefined,
  );
}

describe('watching together', () => {
  it('starts a video for the room and every follower gets each change, named and revised', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const a = await socketOf(t, owner.token);
    const b = await socketOf(t, members[0]!.token);
    expect(await join(a, room.id)).toMatchObject({ src: null, rev: 0, by: null });
    await join(b, room.id);

    const started = next(b, 'watch-state');
    const before = Date.now();
    const state = await actOk(a, room.id, { type: 'start', src: VIDEO });
    expect(state).toMatchObject({ src: VIDEO, playing: false, position: 0, rate: 1, rev: 1 });
    expect(state.by).toEqual({ id: owner.user.id, name: owner.user.name });
    expect(state.serverTime).toBeGreaterThanOrEqual(before);
    expect(await started).toEqual({ roomId: room.id, state });

    const played = next(a, 'watch-state');
    const playing = await actOk(b, room.id, { type: 'play' });
    expect(playing).toMatchObject({ playing: true, position: 0, rev: 2, action: 'play' });
    expect((await played).state.by?.name).toBe(members[0]!.user.name);

    const faster = await actOk(a, room.id, { type: 'rate', rate: 1.5 });
    expect(faster).toMatchObject({ rate: 1.5, rev: 3, playing: true });
    // The position carried over at the old speed: elapsed time at 1x.
    const elapsed = (faster.serverTime - playing.serverTime) / 1000;
    expect(faster.position).toBeCloseTo(elapsed, 5);

    const sought = await actOk(b, room.id, { type: 'seek', position: 120.5 });
    expect(sought).toMatchObject({ position: 120.5, playing: true, rev: 4 });
    const paused = await actOk(a, room.id, { type: 'pause', position: 121 });
    expect(paused).toMatchObject({ position: 121, playing: false, rev: 5 });
    const stopped = await actOk(b, room.id, { type: 'stop' });
    expect(stopped).toMatchObject({ src: null, playing: false, rev: 6, action: 'stop' });
    // A late joiner lands on the stored state.
    const c = await socketOf(t, owner.token);
    expect(await join(c, room.id)).toEqual(stopped);
  });

  it('refuses play, pause, seek and speed with no video, and a second stop changes nothing', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await socketOf(t, owner.token);
    for (const action of [
      { type: 'play' },
      { type: 'pause' },
      { type: 'seek', position: 3 },
      { type: 'rate', rate: 2 },
    ] as WatchAction[]) {
      expect(await act(a, room.id, action)).toEqual({
        ok: false,
        code: 'CONFLICT',
        message: WATCH_MESSAGES.noVideo,
      });
    }
    expect(await actOk(a, room.id, { type: 'stop' })).toMatchObject({ rev: 0, src: null });
  });

  it('refuses links that are not http(s) video files, with a sentence saying what to paste', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await socketOf(t, owner.token);
    const refused = async (src: unknown) => {
      const answer = await act(a, room.id, { type: 'start', src } as WatchAction);
      expect(answer.ok, String(src)).toBe(false);
      if (answer.ok) return '';
      expect(answer.code).toBe('VALIDATION_FAILED');
      return answer.message;
    };
    for (const src of [
      'javascript:alert(1)//a.mp4',
      'ftp://example.org/a.mp4',
      'file:///etc/passwd.mp4',
      'data:video/webm;base64,GkXfow==',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://example.org/notes.pdf',
      'not a link',
      '',
      42,
    ]) {
      expect(await refused(src)).toBe(WATCH_MESSAGES.urlInvalid);
    }
    expect(await refused('https://me:secret@example.org/a.mp4')).toBe(
      WATCH_MESSAGES.urlWithPassword,
    );
    expect(await refused(`https://example.org/${'x'.repeat(2100)}.mp4`)).toBe(
      WATCH_MESSAGES.urlTooLong,
    );
    // Other bad actions are refused too, and nothing was stored.
    expect(await act(a, room.id, { type: 'seek', position: -5 } as WatchAction)).toMatchObject({
      ok: false,
      message: WATCH_MESSAGES.positionInvalid,
    });
    expect(await act(a, room.id, { type: 'rate', rate: 16 } as WatchAction)).toMatchObject({
      ok: false,
      message: WATCH_MESSAGES.rateInvalid,
    });
    expect(await join(a, room.id)).toMatchObject({ rev: 0, src: null });
  });

  it('refuses links to this computer or a private network, unless WATCH_ALLOWED_HOSTS lists them', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const a = await socketOf(t, owner.token);
    for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '0', '2130706433', 'localhost']) {
      const answer = await act(a, room.id, { type: 'start', src: `http://${host}/a.mp4` });
      expect(answer, host).toMatchObject({
        ok: false,
        code: 'VALIDATION_FAILED',
        message: WATCH_MESSAGES.urlInternal,
      });
    }
    expect(await join(a, room.id)).toMatchObject({ rev: 0, src: null });

    const campus = await startTestApp({ env: { WATCH_ALLOWED_HOSTS: '10.0.0.8, 127.0.0.1' } });
    try {
      const other = await roomWithMembers(campus, 0);
      const b = await socketOf(campus, other.owner.token);
      const state = await actOk(b, other.room.id, {
        type: 'start',
        src: 'http://10.0.0.8:8080/lectures/week-1.mp4',
      });
      expect(state.src).toBe('http://10.0.0.8:8080/lectures/week-1.mp4');
      expect(
        await act(b, other.room.id, { type: 'start', src: 'http://10.0.0.9/a.mp4' }),
      ).toMatchObject({
        ok: false,
        message: WATCH_MESSAGES.urlInternal,
      });
    } finally {
      await campus.close();
    }
  });

  it('gives someone outside the room nothing, and lets them do nothing', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const outsider = await newUser(t);
    const member = await socketOf(t, owner.token);
    const stranger = await socketOf(t, outsider.token);
    await join(member, room.id);
    await actOk(member, room.id, { type: 'start', src: VIDEO });
    const heard = record(stranger, 'watch-state');

    expect(await stranger.emitWithAck('watch-join', { roomId: room.id })).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: ROOM_MESSAGES.membersOnly,
    });
    for (const action of [
      { type: 'play' },
      { type: 'start', src: 'https://evil.example/x.mp4' },
      { type: 'stop' },
    ] as WatchAction[]) {
      expect(await act(stranger, room.id, action)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    // Without an acknowledgement the refusal comes as server-error, never as a state.
    const error = next(stranger, 'server-error');
    stranger.emit('watch-join', { roomId: room.id }, undefined as never);
    expect(await error).toMatchObject({ code: 'FORBIDDEN', event: 'watch-join' });
    // The members' timeline is untouched, and their next action does not reach the stranger.
    expect(await actOk(member, room.id, { type: 'play' })).toMatchObject({ rev: 2, src: VIDEO });
    // An unknown room reads the same as someone else's.
    expect(await stranger.emitWithAck('watch-join', { roomId: 'f'.repeat(24) })).toMatchObject({
      ok: false,
    });
    await settle([stranger]);
    expect(heard).toEqual([]);
  });

  it('a member who leaves or is removed stops hearing the video at once', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const [leaver, removed] = members as [(typeof members)[0], (typeof members)[0]];
    const ownerSocket = await socketOf(t, owner.token);
    const leaverSocket = await socketOf(t, leaver.token);
    const removedSocket = await socketOf(t, removed.token);
    for (const s of [ownerSocket, leaverSocket, removedSocket]) await join(s, room.id);

    const told = [
      next(leaverSocket, 'removed-from-room'),
      next(removedSocket, 'removed-from-room'),
    ];
    const left = await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, {
      token: leaver.token,
    });
    expect(left.status).toBeLessThan(300);
    const gone = await http(
      t.baseUrl,
      'DELETE',
      `/api/rooms/${room.id}/members/${removed.user.id}`,
      { token: owner.token },
    );
    expect(gone.status).toBeLessThan(300);
    await Promise.all(told);

    const leaverHeard = record(leaverSocket, 'watch-state');
    const removedHeard = record(removedSocket, 'watch-state');
    await actOk(ownerSocket, room.id, { type: 'start', src: VIDEO });
    expect(await act(leaverSocket, room.id, { type: 'play' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    await settle([leaverSocket, removedSocket]);
    expect(leaverHeard).toEqual([]);
    expect(removedHeard).toEqual([]);
  });

  it('actions sent at the same moment end in one state, the highest revision, on every socket', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const all = [
      await socketOf(t, owner.token),
      await socketOf(t, members[0]!.token),
      await socketOf(t, members[1]!.token),
    ];
    for (const s of all) await join(s, room.id);
    await actOk(all[0]!, room.id, { type: 'start', src: VIDEO });
    await settle(all);
    const heard = all.map((s) => record(s, 'watch-state'));

    // Everyone presses something at once, twice over: twelve actions in flight together.
    const actions: WatchAction[] = [
      { type: 'play' },
      { type: 'pause' },
      { type: 'seek', position: 30 },
      { type: 'rate', rate: 1.25 },
    ];
    const answers = await Promise.all(
      all.flatMap((s, i) =>
        [0, 1, 2, 3].map((n) => act(s, room.id, actions[(i + n) % actions.length]!)),
      ),
    );
    const revs = answers.map((a) => (a.ok ? a.state.rev : -1)).sort((x, y) => x - y);
    // Every action was applied, once each, one after the other.
    expect(revs).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));

    const stored = await join(all[0]!, room.id);
    expect(stored.rev).toBe(13);
    await settle(all);
    for (const events of heard) {
      expect(events).toHaveLength(12);
      expect(newest(events)).toEqual(stored);
    }
  });

  it('keeps the timeline across a restart of the app', async () => {
    const opened = await openTestDatabase();
    // The same deployment before and after: one database, one token secret.
    const env = { JWT_SECRET: 'watch-restart-test-secret-0123456789abcdef' };
    try {
      let app = await startTestApp({ database: opened.database, env });
      const { room, owner } = await roomWithMembers(app, 0);
      let socket = await connected(app.baseUrl, owner.token);
      await actOk(socket, room.id, { type: 'start', src: VIDEO });
      await actOk(socket, room.id, { type: 'seek', position: 42 });
      const playing = await actOk(socket, room.id, { type: 'play' });
      socket.disconnect();
      await app.close();

      app = await startTestApp({ database: opened.database, env });
      try {
        socket = await connected(app.baseUrl, owner.token);
        const after = await join(socket, room.id);
        expect(after).toEqual(playing);
        // Still moving: the position now is the stored one plus the time since, at its speed.
        const paused = await actOk(socket, room.id, { type: 'pause' });
        expect(paused.position).toBeCloseTo(
          42 + (paused.serverTime - playing.serverTime) / 1000,
          3,
        );
        expect(paused.rev).toBe(playing.rev + 1);
        socket.disconnect();
      } finally {
        await app.close();
      }
    } finally {
      await opened.drop();
    }
  });

  it('is deleted with its room', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const socket = await socketOf(t, owner.token);
    await actOk(socket, room.id, { type: 'start', src: VIDEO });
    const deleted = await http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await socket.emitWithAck('watch-join', { roomId: room.id })).toMatchObject({
      ok: false,
    });
  });
});

describe('the content security policy', () => {
  it('lets media come from http(s) links and widens nothing else', async () => {
    // The pages' policy: the room page plays the video (API replies allow nothing at all).
    const res = await http(t.baseUrl, 'GET', '/');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('media-src')).toBe("media-src 'self' blob: https: http:");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-src')).toBeUndefined();
  });
});
