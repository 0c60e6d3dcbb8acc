import { describe, expect, it } from 'vitest';
import { FOLLOW, followStep, nextSeekLead, type FollowInput } from './follow';

const base: FollowInput = {
  playing: true,
  rate: 1,
  expected: 10,
  currentTime: 10,
  paused: false,
  seeking: false,
  duration: 60,
  nudging: false,
  seekLead: 0.05,
};

describe('followStep', () => {
  it('leaves a video in step alone', () => {
    expect(followStep(base)).toMatchObject({
      play: false,
      pause: false,
      seekTo: undefined,
      playbackRate: 1,
      nudging: false,
    });
    // Under the threshold nothing changes, unless a nudge is already under way.
    expect(followStep({ ...base, currentTime: 10.05 }).playbackRate).toBe(1);
    expect(followStep({ ...base, currentTime: 10.05, nudging: true }).playbackRate).toBeLessThan(1);
  });

  it('plays slower when ahead and faster when behind, in proportion, within bounds', () => {
    const ahead = followStep({ ...base, currentTime: 10.2 });
    expect(ahead.nudging).toBe(true);
    expect(ahead.playbackRate).toBeCloseTo(1 - 0.2 / FOLLOW.nudgeWindow, 5);
    const behind = followStep({ ...base, currentTime: 9.9, rate: 2 });
    expect(behind.playbackRate).toBeCloseTo(2 * (1 + 0.1 / FOLLOW.nudgeWindow), 5);
    const far = followStep({ ...base, currentTime: 9.65 });
    expect(far.playbackRate).toBeCloseTo(1 + FOLLOW.nudgeMax, 5);
    // A nudge ends once the drift is small.
    expect(followStep({ ...base, currentTime: 10.005, nudging: true })).toMatchObject({
      nudging: false,
      playbackRate: 1,
    });
  });

  it('seeks ahead by the learned lead when the drift is large', () => {
    const step = followStep({ ...base, currentTime: 3, seekLead: 0.08 });
    expect(step.seekTo).toBeCloseTo(10.08, 5);
    expect(step.playbackRate).toBe(1);
    // Never past the end.
    expect(followStep({ ...base, expected: 59.97, currentTime: 1 }).seekTo).toBe(60);
  });

  it('starts a paused video when the room plays, and pauses on the room’s position', () => {
    expect(followStep({ ...base, paused: true }).play).toBe(true);
    const paused = followStep({ ...base, playing: false, currentTime: 10.3 });
    expect(paused).toMatchObject({ pause: true, seekTo: 10, play: false });
    expect(followStep({ ...base, playing: false, paused: true, currentTime: 10.01 })).toMatchObject(
      { pause: false, seekTo: undefined },
    );
  });

  it('waits for a seek to land, and stops at the end once the room’s video is past it', () => {
    expect(followStep({ ...base, seeking: true, currentTime: 2 })).toMatchObject({
      seekTo: undefined,
      play: false,
    });
    const end = followStep({ ...base, expected: 75, duration: 60, currentTime: 59.99 });
    expect(end).toMatchObject({ pause: true, play: false, seekTo: undefined });
    // Without metadata the duration is unknown and nothing is clamped.
    expect(followStep({ ...base, duration: Number.NaN, currentTime: 0 }).seekTo).toBeCloseTo(10.05);
  });
});

describe('nextSeekLead', () => {
  it('averages what seeks took, within a second', () => {
    expect(nextSeekLead(0.05, 0.15)).toBeCloseTo(0.1, 5);
    expect(nextSeekLead(0.1, 30)).toBeCloseTo(0.55, 5);
    expect(nextSeekLead(0.1, -1)).toBeCloseTo(0.05, 5);
  });
});
