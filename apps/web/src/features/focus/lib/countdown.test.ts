import { describe, expect, it } from 'vitest';
import { FOCUS_DEFAULTS, startTimer, type FocusState } from '@studycircle/shared/focus';
import {
  changeAnnouncement,
  changeToast,
  formatClock,
  phaseTitle,
  spokenDuration,
} from './countdown';

const T0 = 1_800_000_000_000;
const base: FocusState = {
  ...startTimer(FOCUS_DEFAULTS, T0),
  roomId: 'r',
  rev: 1,
  by: { id: 'me', name: 'Me' },
  change: 'start',
  participants: [{ userId: 'me', name: 'Me', goal: null, recapDue: false }],
};

describe('formatClock', () => {
  it('rounds up to whole seconds, so 0:00 shows only at the very end', () => {
    expect(formatClock(25 * 60_000)).toBe('25:00');
    expect(formatClock(299_001)).toBe('5:00');
    expect(formatClock(299_000)).toBe('4:59');
    expect(formatClock(1)).toBe('0:01');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(3_723_000)).toBe('1:02:03');
  });
});

describe('what the timer says', () => {
  it('names the phase and the round', () => {
    expect(phaseTitle(base)).toBe('Focus · round 1 of 4');
    expect(phaseTitle({ ...base, phase: 'short-break' })).toBe('Short break');
    expect(phaseTitle({ ...base, phase: 'idle' })).toBe('Not running');
    expect(spokenDuration(60_000)).toBe('1 minute');
    expect(spokenDuration(1_200)).toBe('1 second');
    expect(spokenDuration(30_000)).toBe('30 seconds');
    expect(spokenDuration(90_000)).toBe('2 minutes');
  });

  it('toasts a control another member used, by name, and never the student’s own', () => {
    const paused: FocusState = { ...base, rev: 2, change: 'pause', by: { id: 'u2', name: 'Asha' } };
    expect(changeToast(paused, 'me')).toBe('Asha paused the focus timer.');
    expect(changeToast({ ...paused, by: { id: 'me', name: 'Me' } }, 'me')).toBeNull();
    expect(changeToast({ ...paused, change: 'join' }, 'me')).toBeNull();
    expect(changeToast({ ...paused, change: 'advance', by: null }, 'me')).toBeNull();
    expect(changeToast({ ...paused, change: 'skip', phase: 'short-break' }, 'me')).toBe(
      'Asha skipped to the short break.',
    );
    expect(changeToast({ ...paused, change: 'stop', phase: 'idle' }, 'me')).toBe(
      'Asha stopped the focus session.',
    );
  });

  it('announces phase changes and the student’s own pause, nothing else', () => {
    const toBreak: FocusState = {
      ...base,
      rev: 2,
      phase: 'short-break',
      durationMs: 5 * 60_000,
      change: 'advance',
      by: null,
      participants: [
        { userId: 'me', name: 'Me', goal: { taskId: 't', title: 'Read' }, recapDue: true },
      ],
    };
    expect(changeAnnouncement(base, toBreak, 'me')).toBe(
      'Short break: 5 minutes. How did your goal go? Your recap is below.',
    );
    expect(
      changeAnnouncement(
        toBreak,
        { ...toBreak, rev: 3, phase: 'focus', round: 2, durationMs: 25 * 60_000 },
        'me',
      ),
    ).toBe('Focus round 2 of 4 started: 25 minutes.');
    expect(changeAnnouncement(base, { ...base, rev: 2, change: 'pause' }, 'me')).toBe(
      'Timer paused.',
    );
    expect(
      changeAnnouncement(
        base,
        { ...base, rev: 2, change: 'pause', by: { id: 'u2', name: 'A' } },
        'me',
      ),
    ).toBeNull();
    expect(changeAnnouncement(base, { ...base, rev: 2, change: 'join' }, 'me')).toBeNull();
    expect(
      changeAnnouncement(base, { ...base, rev: 2, phase: 'idle', change: 'complete' }, 'me'),
    ).toBe('Focus cycle complete.');
  });
});
