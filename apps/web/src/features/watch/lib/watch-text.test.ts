import { describe, expect, it } from 'vitest';
import { emptyWatchState, type WatchState } from '@studycircle/shared';
import { formatTime, rateLabel, watchToastText } from './watch-text';

const by = { id: 'u1', name: 'Asha' };
const state = (patch: Partial<WatchState>): WatchState => ({
  ...emptyWatchState(0),
  src: 'https://e.org/v/Week%203.webm',
  by,
  ...patch,
});

describe('watch text', () => {
  it('formats times and speeds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(83.9)).toBe('1:23');
    expect(formatTime(3723)).toBe('1:02:03');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(rateLabel(1.5)).toBe('1.5×');
  });

  it('names who did what', () => {
    expect(watchToastText(state({ action: 'start' }))).toBe('Asha started Week 3.webm');
    expect(watchToastText(state({ action: 'play' }))).toBe('Asha played the video');
    expect(watchToastText(state({ action: 'pause' }))).toBe('Asha paused the video');
    expect(watchToastText(state({ action: 'seek', position: 125 }))).toBe('Asha jumped to 2:05');
    expect(watchToastText(state({ action: 'rate', rate: 2 }))).toBe('Asha set the speed to 2×');
    expect(watchToastText(state({ action: 'stop', src: null }))).toBe('Asha stopped the video');
    expect(watchToastText(state({ action: 'pause', by: null }))).toBe('Someone paused the video');
    expect(watchToastText(state({ action: null }))).toBeUndefined();
  });
});
