import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallParticipant, PeerRef } from '@studycircle/shared';
import type { AppSocket } from '../../../lib/socket';
import {
  emptyParticipants,
  participantsReducer,
  type ParticipantsAction,
} from '../lib/participants';
import type { PeerLinkOptions } from '../webrtc/peer-link';
import { CallSession, RETURN_GRACE_MS, type CallSessionOptions } from './call-session';

/**
 * The session's side of a server restart mid-call (e2e/call-two.spec.ts tests it end to end):
 * every old socket id is gone, each client comes back with a new id at its own time and joins
 * again, and whoever joins second gets the first in `users-in-room` while the first gets
 * `user-joined`. These cover the orderings that can follow, with PeerLink replaced by a
 * recording stand-in (no RTCPeerConnection here).
 */

// Hoisted with vi.mock: the session module imports PeerLink before this file's body runs.
const { FakeLink, links } = vi.hoisted(() => {
  const links: InstanceType<typeof FakeLink>[] = [];
  class FakeLink {
    closed = 0;
    descriptions: RTCSessionDescriptionInit[] = [];
    candidates: RTCIceCandidateInit[] = [];
    readonly pc = {} as RTCPeerConnection;
    constructor(readonly options: PeerLinkOptions) {
      links.push(this);
    }
    handleDescription(d: RTCSessionDescriptionInit) {
      this.descriptions.push(d);
      return Promise.resolve();
    }
    handleCandidate(c: RTCIceCandidateInit) {
      this.candidates.push(c);
      return Promise.resolve();
    }
    setTrack() {
      return Promise.resolve();
    }
    close() {
      this.closed += 1;
    }
  }
  return { FakeLink, links };
});

vi.mock('../webrtc/peer-link', () => ({ PeerLink: FakeLink }));

type Handler = (...args: unknown[]) => void;

/** Just enough of the shared socket: ids that change on reconnect, events, acknowledgements. */
class FakeSocket {
  id: string | undefined;
  connected = false;
  emitted: { event: string; payload: unknown; ack?: Handler }[] = [];
  private handlers = new Map<string, Set<Handler>>();
  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, payload: unknown, ack?: Handler) {
    this.emitted.push({ event, payload, ack });
    return this;
  }
  /** The server sends an event to this socket. */
  receive(event: string, payload: unknown) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }
  /** The live link comes (back) with a new socket id. */
  connect(id: string) {
    this.id = id;
    this.connected = true;
    this.receive('connect', undefined);
  }
  disconnect() {
    this.connected = false;
    this.receive('disconnect', 'transport close');
  }
  /** Answers the latest join-room as the server does, after it sent users-in-room. */
  acceptJoin(users: CallParticipant[]) {
    const join = this.emitted.filter((e) => e.event === 'join-room').at(-1);
    this.receive('users-in-room', users);
    join?.ack?.({ ok: true, self: this.id, users, limit: 8 });
  }
}

const peer = (id: string, name = 'Bob'): PeerRef => ({ id, name, userId: 'user-bob' });
const dropped = (id: string) => ({ ...peer(id), reason: 'disconnected' as const });
const stream = {} as MediaStream;
const offer = { type: 'offer' as const, sdp: 'v=0 offer' };

function start(socket: FakeSocket, options: Partial<CallSessionOptions> = {}) {
  const actions: ParticipantsAction[] = [];
  const toasts: string[] = [];
  const session = new CallSession({
    socket: socket as unknown as AppSocket,
    roomId: 'room-1',
    name: 'Ann',
    rtcConfig: {},
    localStream: {} as MediaStream,
    tracks: () => ({ audio: null, video: null, screen: null }),
    flags: () => ({ muted: false, videoOff: false, hand: false, sharing: false }),
    dispatch: (action) => actions.push(action),
    onJoin: vi.fn(),
    onPeerJoined: (name) => toasts.push(`${name} joined`),
    onPeerLeft: (name) => toasts.push(`${name} left`),
    ...options,
  });
  /** The tiles as the call screen holds them. */
  const tiles = () => actions.reduce(participantsReducer, emptyParticipants);
  return { session, actions, toasts, tiles };
}

/** Ann in a call with Bob (old ids), her link to him made from his offer. */
function inCallWithBob() {
  const socket = new FakeSocket();
  const { session, actions, toasts, tiles } = start(socket);
  socket.connect('ann-1');
  socket.acceptJoin([]);
  socket.receive('user-joined', peer('bob-1'));
  socket.receive('offer', { from: 'bob-1', sdp: offer, name: 'Bob' });
  const old = links.at(-1)!;
  expect(old.options.initiator).toBe(false);
  old.options.onStream(stream);
  return { socket, session, actions, old, toasts, tiles };
}

const linksTo = (socket: FakeSocket, peerId: string) =>
  socket.emitted.filter((e) => (e.payload as { to?: string } | undefined)?.to === peerId);

beforeEach(() => {
  links.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('CallSession after a server restart', () => {
  it('offers to the peer that joined again first, and closes the old link once the new has media', () => {
    const { socket, session, old, toasts, tiles } = inCallWithBob();
    const tile = tiles().get('bob-1')!;
    socket.disconnect();
    socket.connect('ann-2');
    // Bob came back first: he is in users-in-room with his new id and Ann offers to him.
    socket.acceptJoin([{ id: 'bob-2', userId: 'user-bob', name: 'Bob' }]);
    const fresh = links.at(-1)!;
    expect(fresh).not.toBe(old);
    expect(fresh.options.initiator).toBe(true);
    fresh.options.sendDescription(offer);
    expect(linksTo(socket, 'bob-2').map((e) => e.event)).toEqual(['offer']);
    expect(session.peerConnections()).toEqual([fresh.pc]);
    // Bob's tile moved to his new id, same tile, still showing the old link's picture.
    expect([...tiles().keys()]).toEqual(['bob-2']);
    expect(tiles().get('bob-2')).toMatchObject({ key: tile.key, stream, name: 'Bob' });
    expect(old.closed).toBe(0);
    // The new link's tracks arrive before its frames: the old picture stays until it connects.
    const freshStream = {} as MediaStream;
    fresh.options.onStream(freshStream);
    expect(tiles().get('bob-2')?.stream).toBe(stream);
    expect(old.closed).toBe(0);
    fresh.options.onState('connected');
    expect(tiles().get('bob-2')?.stream).toBe(freshStream);
    expect(old.closed).toBe(1);
    expect(toasts).toEqual(['Bob joined']);
  });

  it('takes the offer of a peer that joined again second, after its user-joined', () => {
    const { socket, actions, old, toasts, tiles } = inCallWithBob();
    socket.disconnect();
    socket.connect('ann-2');
    socket.acceptJoin([]);
    socket.receive('user-joined', peer('bob-2'));
    socket.receive('ice-candidate', { from: 'bob-2', candidate: { candidate: 'c1' } });
    socket.receive('offer', { from: 'bob-2', sdp: offer, name: 'Bob' });
    const fresh = links.at(-1)!;
    expect(fresh).not.toBe(old);
    expect(fresh.options.initiator).toBe(false);
    expect(fresh.descriptions).toEqual([offer]);
    // The candidate that overtook the offer is handed over, not lost.
    expect(fresh.candidates).toEqual([{ candidate: 'c1' }]);
    const bobTiles = actions.filter((a) => a.type === 'joined').map((a) => a.peerId);
    expect(bobTiles.at(-1)).toBe('bob-2');
    // He never left for Ann: one tile all along, and no second "joined", no "left".
    expect([...tiles().values()].map((t) => t.key)).toEqual(['bob-1']);
    expect(actions.some((a) => a.type === 'reset' || a.type === 'left')).toBe(false);
    expect(toasts).toEqual(['Bob joined']);
  });

  it('leaves the new link and the tile alone when the old id of the same person is reported gone late', () => {
    const { socket, old, toasts, tiles } = inCallWithBob();
    socket.disconnect();
    socket.connect('ann-2');
    socket.acceptJoin([{ id: 'bob-2', userId: 'user-bob', name: 'Bob' }]);
    const fresh = links.at(-1)!;
    fresh.options.onState('connected');
    socket.receive('user-left', dropped('bob-1'));
    socket.receive('user-left', peer('bob-1'));
    expect(fresh.closed).toBe(0);
    expect(old.closed).toBe(1);
    expect([...tiles().keys()]).toEqual(['bob-2']);
    expect(toasts).toEqual(['Bob joined']);
  });

  it('gives up on a dead link without touching the link of the same person after it', () => {
    const { socket, old } = inCallWithBob();
    socket.disconnect();
    socket.connect('ann-2');
    socket.acceptJoin([{ id: 'bob-2', userId: 'user-bob', name: 'Bob' }]);
    const fresh = links.at(-1)!;
    // A late timer of the old link (its ICE restart ran out) must only drop its own id.
    old.options.onGiveUp();
    expect(fresh.closed).toBe(0);
  });

  it('drops an answer from someone it never offered to', () => {
    const { socket } = inCallWithBob();
    const before = links.length;
    socket.receive('answer', { from: 'stranger', sdp: { type: 'answer', sdp: 'v=0' } });
    expect(links.length).toBe(before);
  });
});

describe('CallSession when someone drops and comes back', () => {
  it('keeps the tile and link of a peer whose link dropped, and moves them when he is back', () => {
    const { socket, old, actions, toasts, tiles } = inCallWithBob();
    // The server shut down (or Bob's link dropped): not a departure.
    socket.receive('user-left', dropped('bob-1'));
    expect(old.closed).toBe(0);
    expect(tiles().get('bob-1')).toMatchObject({ stream });
    socket.receive('user-joined', peer('bob-2'));
    socket.receive('offer', { from: 'bob-2', sdp: offer, name: 'Bob' });
    const fresh = links.at(-1)!;
    expect(fresh).not.toBe(old);
    expect([...tiles().values()]).toMatchObject([{ peerId: 'bob-2', key: 'bob-1', stream }]);
    expect(actions.some((a) => a.type === 'left' || a.type === 'reset')).toBe(false);
    expect(toasts).toEqual(['Bob joined']);
  });

  it('says he left, and removes the tile, when he is not back within the grace', () => {
    vi.useFakeTimers();
    const { socket, old, toasts, tiles } = inCallWithBob();
    socket.receive('user-left', dropped('bob-1'));
    vi.advanceTimersByTime(RETURN_GRACE_MS - 1);
    expect(tiles().size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(tiles().size).toBe(0);
    expect(old.closed).toBe(1);
    expect(toasts).toEqual(['Bob joined', 'Bob left']);
  });

  it('waits for him from its own re-join, however long the server was away', () => {
    vi.useFakeTimers();
    const { socket, toasts, tiles } = inCallWithBob();
    socket.receive('user-left', dropped('bob-1'));
    socket.disconnect();
    // A slow restart: longer than the grace, with this side's link down all along.
    vi.advanceTimersByTime(RETURN_GRACE_MS * 2);
    socket.connect('ann-2');
    socket.acceptJoin([]);
    vi.advanceTimersByTime(RETURN_GRACE_MS - 1);
    socket.receive('user-joined', peer('bob-2'));
    expect([...tiles().values()].map((t) => t.key)).toEqual(['bob-1']);
    expect(toasts).toEqual(['Bob joined']);
  });

  it('still says at once that someone left who left', () => {
    const { socket, old, toasts, tiles } = inCallWithBob();
    socket.receive('user-left', { ...peer('bob-1'), reason: 'left' });
    expect(tiles().size).toBe(0);
    expect(old.closed).toBe(1);
    expect(toasts).toEqual(['Bob joined', 'Bob left']);
  });

  it('after its own re-join removes, with the toast, only those who did not come back', () => {
    vi.useFakeTimers();
    const { socket, toasts, tiles } = inCallWithBob();
    socket.receive('user-joined', { id: 'cat-1', name: 'Cat', userId: 'user-cat' });
    socket.disconnect();
    socket.connect('ann-2');
    socket.acceptJoin([{ id: 'bob-2', userId: 'user-bob', name: 'Bob' }]);
    vi.advanceTimersByTime(RETURN_GRACE_MS);
    expect([...tiles().keys()]).toEqual(['bob-2']);
    expect(toasts).toEqual(['Bob joined', 'Cat joined', 'Cat left']);
  });
});

describe('CallSession signalling while the link is down', () => {
  it('sends nothing queued offline, nor later to an id the new join did not announce', () => {
    const { socket, old } = inCallWithBob();
    const sentBefore = socket.emitted.length;
    socket.disconnect();
    // The old link keeps gathering and renegotiating while the live link is down.
    old.options.sendCandidate({ candidate: 'c-offline' });
    old.options.sendDescription(offer);
    expect(socket.emitted.length).toBe(sentBefore);

    socket.connect('ann-2');
    socket.acceptJoin([]);
    // Bob's old id is dead: the old link must not speak to it from the new socket.
    old.options.sendCandidate({ candidate: 'c-late' });
    old.options.sendDescription(offer);
    const relays = socket.emitted
      .slice(sentBefore)
      .filter((e) => ['offer', 'answer', 'ice-candidate'].includes(e.event));
    expect(relays).toEqual([]);
    expect(socket.emitted.slice(sentBefore).map((e) => e.event)).toContain('join-room');
  });

  it('lets only the current link of a peer speak, not the one it replaced', () => {
    const { socket, old } = inCallWithBob();
    socket.disconnect();
    socket.connect('ann-2');
    // Bob kept his socket (only Ann's link dropped): the same id, a new link.
    socket.acceptJoin([{ id: 'bob-1', userId: 'user-bob', name: 'Bob' }]);
    const fresh = links.at(-1)!;
    expect(fresh).not.toBe(old);
    const before = linksTo(socket, 'bob-1').length;
    old.options.sendCandidate({ candidate: 'from-old' });
    fresh.options.sendCandidate({ candidate: 'from-new' });
    expect(
      linksTo(socket, 'bob-1')
        .slice(before)
        .map((e) => e.payload),
    ).toEqual([{ to: 'bob-1', candidate: { candidate: 'from-new' } }]);
  });
});

describe('CallSession and the ICE servers', () => {
  it('joins at once, and makes its links when GET /api/config answers', async () => {
    let answer!: (config: RTCConfiguration) => void;
    const config = new Promise<RTCConfiguration>((resolve) => (answer = resolve));
    const socket = new FakeSocket();
    start(socket, { rtcConfig: config });
    socket.connect('ann-1');
    expect(socket.emitted.map((e) => e.event)).toEqual(['join-room']);
    socket.acceptJoin([{ id: 'bob-1', userId: 'user-bob', name: 'Bob' }]);
    socket.receive('user-joined', { id: 'cat-1', name: 'Cat', userId: 'user-cat' });
    socket.receive('offer', { from: 'cat-1', sdp: offer, name: 'Cat' });
    socket.receive('ice-candidate', { from: 'cat-1', candidate: { candidate: 'c1' } });
    expect(links).toHaveLength(0);

    const iceServers = [{ urls: 'turn:turn.example.com' }];
    answer({ iceServers });
    await config;
    await Promise.resolve();
    expect(links.map((l) => l.options.initiator)).toEqual([true, false]);
    expect(links.every((l) => l.options.rtcConfig.iceServers === iceServers)).toBe(true);
    // Cat's offer and the candidate that followed it reached her link, in order.
    expect(links[1]!.descriptions).toEqual([offer]);
    expect(links[1]!.candidates).toEqual([{ candidate: 'c1' }]);
  });

  it('makes direct links when the request fails', async () => {
    const config = Promise.reject(new Error('offline'));
    const socket = new FakeSocket();
    start(socket, { rtcConfig: config });
    socket.connect('ann-1');
    socket.acceptJoin([{ id: 'bob-1', userId: 'user-bob', name: 'Bob' }]);
    await config.catch(() => undefined);
    await Promise.resolve();
    expect(links).toHaveLength(1);
    expect(links[0]!.options.rtcConfig).toEqual({});
  });
});

describe('CallSession and peers the call never announced', () => {
  it('ignores an offer, an answer and candidates from a socket not announced, or gone', () => {
    const { socket, actions } = inCallWithBob();
    const before = links.length;
    const tilesBefore = actions.length;
    // Mallory's socket was never in users-in-room or user-joined: a relay that got through
    // must not open a link, add a tile or reach an existing link.
    socket.receive('ice-candidate', { from: 'mallory-1', candidate: { candidate: 'c1' } });
    socket.receive('offer', { from: 'mallory-1', sdp: offer, name: 'Mallory' });
    socket.receive('answer', { from: 'mallory-1', sdp: { type: 'answer', sdp: 'v=0' } });
    expect(links.length).toBe(before);
    expect(actions.slice(tilesBefore)).toEqual([]);

    // Bob leaves; an offer still arriving from his old socket is ignored too.
    socket.receive('user-left', peer('bob-1'));
    socket.receive('offer', { from: 'bob-1', sdp: offer, name: 'Bob' });
    expect(links.length).toBe(before);
    expect(actions.at(-1)).toEqual({ type: 'left', peerId: 'bob-1' });
  });

  it('still takes an offer from a peer announced by users-in-room', () => {
    const socket = new FakeSocket();
    start(socket);
    socket.connect('ann-1');
    socket.acceptJoin([{ id: 'bob-1', userId: 'user-bob', name: 'Bob' }]);
    const link = links.at(-1)!;
    socket.receive('offer', { from: 'bob-1', sdp: offer, name: 'Bob' });
    expect(link.descriptions).toEqual([offer]);
  });
});

describe('CallSession and the hand queue', () => {
  it("passes on the server's queue, marking the one that came with each join, and ignores a malformed one", () => {
    const socket = new FakeSocket();
    const heard: { ids: string[]; first: boolean }[] = [];
    start(socket, {
      onHands: (hands, first) => heard.push({ ids: hands.map((h) => h.id), first }),
    });
    socket.connect('ann-1');
    const hand = (id: string, at: number) => ({ id, userId: `u-${id}`, name: id, at });
    socket.receive('hand-queue-state', { roomId: 'room-1', hands: [hand('bob-1', 5)] });
    socket.acceptJoin([]);
    socket.receive('hand-queue-state', {
      roomId: 'room-1',
      hands: [hand('bob-1', 5), hand('cy-1', 6)],
    });
    // Another room's queue, and one that is not a queue at all, change nothing.
    socket.receive('hand-queue-state', { roomId: 'room-2', hands: [] });
    socket.receive('hand-queue-state', { roomId: 'room-1', hands: [{ id: 'x' }] });
    // After a reconnect the first queue is the join's again.
    socket.disconnect();
    socket.connect('ann-2');
    socket.receive('hand-queue-state', { roomId: 'room-1', hands: [] });
    expect(heard).toEqual([
      { ids: ['bob-1'], first: true },
      { ids: ['bob-1', 'cy-1'], first: false },
      { ids: [], first: true },
    ]);
  });
});
