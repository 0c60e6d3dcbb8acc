import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallParticipant, PeerRef } from '@studycircle/shared';
import type { AppSocket } from '../../../lib/socket';
import type { ParticipantsAction } from '../lib/participants';
import type { PeerLinkOptions } from '../webrtc/peer-link';
import { CallSession } from './call-session';

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
const offer = { type: 'offer' as const, sdp: 'v=0 offer' };

function start(socket: FakeSocket) {
  const actions: ParticipantsAction[] = [];
  const session = new CallSession({
    socket: socket as unknown as AppSocket,
    roomId: 'room-1',
    name: 'Ann',
    rtcConfig: {},
    localStream: {} as MediaStream,
    tracks: () => ({ audio: null, video: null }),
    flags: () => ({ muted: false, videoOff: false, hand: false, sharing: false }),
    dispatch: (action) => actions.push(action),
    onJoin: vi.fn(),
    onPeerJoined: vi.fn(),
    onPeerLeft: vi.fn(),
  });
  return { session, actions };
}

/** Ann in a call with Bob (old ids), her link to him made from his offer. */
function inCallWithBob() {
  const socket = new FakeSocket();
  const { session, actions } = start(socket);
  socket.connect('ann-1');
  socket.acceptJoin([]);
  socket.receive('user-joined', peer('bob-1'));
  socket.receive('offer', { from: 'bob-1', sdp: offer, name: 'Bob' });
  const old = links.at(-1)!;
  expect(old.options.initiator).toBe(false);
  return { socket, session, actions, old };
}

const linksTo = (socket: FakeSocket, peerId: string) =>
  socket.emitted.filter((e) => (e.payload as { to?: string } | undefined)?.to === peerId);

beforeEach(() => {
  links.length = 0;
});

describe('CallSession after a server restart', () => {
  it('closes the old link once and offers to the peer that joined again first', () => {
    const { socket, session, old } = inCallWithBob();
    socket.disconnect();
    socket.connect('ann-2');
    // Bob came back first: he is in users-in-room with his new id and Ann offers to him.
    socket.acceptJoin([{ id: 'bob-2', userId: 'user-bob', name: 'Bob' }]);
    expect(old.closed).toBe(1);
    const fresh = links.at(-1)!;
    expect(fresh).not.toBe(old);
    expect(fresh.options.initiator).toBe(true);
    fresh.options.sendDescription(offer);
    expect(linksTo(socket, 'bob-2').map((e) => e.event)).toEqual(['offer']);
    expect(session.peerConnections()).toEqual([fresh.pc]);
  });

  it('takes the offer of a peer that joined again second, after its user-joined', () => {
    const { socket, actions, old } = inCallWithBob();
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
  });

  it('leaves the new link alone when the old id of the same person is reported gone late', () => {
    const { socket, actions, old } = inCallWithBob();
    socket.disconnect();
    socket.connect('ann-2');
    socket.acceptJoin([{ id: 'bob-2', userId: 'user-bob', name: 'Bob' }]);
    const fresh = links.at(-1)!;
    socket.receive('user-left', peer('bob-1'));
    expect(fresh.closed).toBe(0);
    expect(old.closed).toBe(1);
    expect(actions.at(-1)).toEqual({ type: 'left', peerId: 'bob-1' });
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
