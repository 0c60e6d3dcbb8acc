import { describe, expect, it } from 'vitest';
import {
  displayNameOf,
  emptyParticipants,
  participantsReducer,
  type ParticipantsAction,
} from './participants';

const run = (...actions: ParticipantsAction[]) =>
  actions.reduce(participantsReducer, emptyParticipants);

describe('participantsReducer', () => {
  it('adds a joined peer, connecting, with everything off', () => {
    const state = run({ type: 'joined', peerId: 'a', name: 'Ann' });
    expect(state.get('a')).toEqual({
      peerId: 'a',
      key: 'a',
      name: 'Ann',
      stream: null,
      screen: null,
      muted: false,
      videoOff: false,
      hand: false,
      sharing: false,
      connection: 'connecting',
    });
  });

  it('moves a tile to its new socket id with its key, stream, state and place', () => {
    const stream = {} as MediaStream;
    const state = run(
      { type: 'joined', peerId: 'a1', name: 'Ann', userId: 'u1' },
      { type: 'joined', peerId: 'b1', name: 'Bob', userId: 'u2' },
      { type: 'stream', peerId: 'a1', stream },
      { type: 'state', peerId: 'a1', hand: true },
      { type: 'rekey', from: 'a1', to: 'a2' },
    );
    expect([...state.keys()]).toEqual(['a2', 'b1']);
    expect(state.get('a2')).toMatchObject({ peerId: 'a2', key: 'a1', stream, hand: true });
    // A late event for the old id changes nothing.
    expect(participantsReducer(state, { type: 'left', peerId: 'a1' })).toBe(state);
    expect(participantsReducer(state, { type: 'rekey', from: 'zz', to: 'a3' })).toBe(state);
  });

  it("holds a peer's screen apart from their camera, and carries both over a new socket id", () => {
    const camera = {} as MediaStream;
    const screen = {} as MediaStream;
    const state = run(
      { type: 'joined', peerId: 'a1', name: 'Ann' },
      { type: 'stream', peerId: 'a1', stream: camera },
      { type: 'screen', peerId: 'a1', stream: screen },
      { type: 'rekey', from: 'a1', to: 'a2' },
    );
    expect(state.get('a2')).toMatchObject({ stream: camera, screen });
    // A screen arriving after its person left does not bring them back.
    expect(participantsReducer(state, { type: 'screen', peerId: 'gone', stream: screen })).toBe(
      state,
    );
  });

  it('keeps the account id when an offer (which names only the sender) re-announces a peer', () => {
    const state = run(
      { type: 'joined', peerId: 'a', name: 'Ann', userId: 'u1' },
      { type: 'joined', peerId: 'a', name: 'Ann' },
    );
    expect(state.get('a')?.userId).toBe('u1');
  });

  it('applies state messages partially and keeps the rest', () => {
    const state = run(
      { type: 'joined', peerId: 'a', name: 'Ann' },
      { type: 'state', peerId: 'a', muted: true, hand: true },
      { type: 'state', peerId: 'a', hand: false, sharing: true },
    );
    expect(state.get('a')).toMatchObject({
      muted: true,
      hand: false,
      sharing: true,
      videoOff: false,
    });
  });

  it('keeps what it knew when a peer is announced again (rename only)', () => {
    const state = run(
      { type: 'joined', peerId: 'a', name: 'Ann' },
      { type: 'state', peerId: 'a', muted: true },
      { type: 'connection', peerId: 'a', connection: 'connected' },
      { type: 'joined', peerId: 'a', name: 'Ann B' },
    );
    expect(state.get('a')).toMatchObject({ name: 'Ann B', muted: true, connection: 'connected' });
  });

  it('never brings back someone who left through a late event', () => {
    const state = run(
      { type: 'joined', peerId: 'a', name: 'Ann' },
      { type: 'left', peerId: 'a' },
      { type: 'state', peerId: 'a', muted: true },
      { type: 'connection', peerId: 'a', connection: 'connected' },
    );
    expect(state.size).toBe(0);
  });

  it('returns the same state object when nothing changes', () => {
    const before = run({ type: 'joined', peerId: 'a', name: 'Ann' });
    expect(participantsReducer(before, { type: 'left', peerId: 'zzz' })).toBe(before);
    expect(participantsReducer(emptyParticipants, { type: 'reset' })).toBe(emptyParticipants);
  });

  it('reset empties the call (a fresh join after a reconnect)', () => {
    const state = run(
      { type: 'joined', peerId: 'a', name: 'Ann' },
      { type: 'joined', peerId: 'b', name: 'Bo' },
      { type: 'reset' },
    );
    expect(state.size).toBe(0);
  });
});

describe('displayNameOf', () => {
  it("falls back to 'Someone'", () => {
    expect(displayNameOf('  ')).toBe('Someone');
    expect(displayNameOf(undefined)).toBe('Someone');
    expect(displayNameOf('Ann')).toBe('Ann');
  });
});
