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
      name: 'Ann',
      stream: null,
      muted: false,
      videoOff: false,
      hand: false,
      sharing: false,
      connection: 'connecting',
    });
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
