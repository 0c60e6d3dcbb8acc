/**
 * How one viewer's <video> follows the room's timeline (docs/decisions/0033-watch-together.md),
 * as a pure step the player runs ten times a second: given where the room's video is now and
 * where this video is, what to do. Small drift is made up by playing a little faster or slower,
 * which nobody notices; large drift by seeking, which shows as a jump. The thresholds are
 * Jellyfin SyncPlay's (speed above about 60 ms, seek above about 400 ms), with a lower bound to
 * stop nudging so a viewer settles close to the room rather than just under the threshold. The
 * player also starts a nudge after every change of the room's state and every landed seek or
 * start of playback (hooks/use-follow-video.ts), since those are when viewers fall apart: in
 * between, only drift above the threshold is worth correcting.
 */

export const FOLLOW = {
  /** How often the player compares (ms). */
  tickMs: 100,
  /** Drift (s) above which the speed is nudged. */
  nudgeAbove: 0.06,
  /** Drift (s) below which a nudge ends. */
  settleBelow: 0.01,
  /** Drift (s) above which the video seeks instead. */
  seekAbove: 0.4,
  /** A nudge makes up the drift over about this long (s): 0.2 s late plays at 1.4x. */
  nudgeWindow: 0.5,
  /** The most a nudge changes the speed, as a share of the room's speed. */
  nudgeMax: 0.5,
  /** A paused video this far (s) from the room's position seeks to it. */
  pausedTolerance: 0.02,
  /** The room's position this close (s) to the end counts as the end. */
  endMargin: 0.05,
} as const;

export interface FollowInput {
  /** The room's timeline. */
  playing: boolean;
  rate: number;
  /** Where the room's video is now (s). */
  expected: number;
  /** This video. */
  currentTime: number;
  paused: boolean;
  seeking: boolean;
  /** NaN until the metadata has loaded. */
  duration: number;
  /** Whether the last step was nudging (it carries on until the drift is below settleBelow). */
  nudging: boolean;
  /** How far ahead (s) to aim a seek while playing: what a seek takes here, learned. */
  seekLead: number;
}

export interface FollowStep {
  play: boolean;
  pause: boolean;
  seekTo: number | undefined;
  playbackRate: number;
  nudging: boolean;
  /** This video minus the room's (s): positive when ahead. */
  drift: number;
}

export function followStep(input: FollowInput): FollowStep {
  const { rate, currentTime, paused, seeking, duration } = input;
  let { expected, playing } = input;
  // The room's video has reached its end: everyone stops on the last frame.
  if (Number.isFinite(duration) && expected >= duration - FOLLOW.endMargin) {
    expected = duration;
    playing = false;
  }
  const drift = currentTime - expected;
  const step: FollowStep = {
    play: false,
    pause: false,
    seekTo: undefined,
    playbackRate: rate,
    nudging: false,
    drift,
  };
  // Mid-seek the position reads as the target: wait for the seek to land.
  if (seeking) return step;

  if (!playing) {
    step.pause = !paused;
    if (Math.abs(drift) > FOLLOW.pausedTolerance) step.seekTo = expected;
    return step;
  }

  step.play = paused;
  const size = Math.abs(drift);
  if (size > FOLLOW.seekAbove) {
    const target = expected + input.seekLead;
    step.seekTo = Number.isFinite(duration) ? Math.min(target, duration) : target;
  } else if (size > (input.nudging ? FOLLOW.settleBelow : FOLLOW.nudgeAbove)) {
    const nudge = Math.max(
      -FOLLOW.nudgeMax,
      Math.min(FOLLOW.nudgeMax, -drift / FOLLOW.nudgeWindow),
    );
    step.playbackRate = rate * (1 + nudge);
    step.nudging = true;
  }
  return step;
}

/**
 * The seek lead after a seek that took `tookS` seconds: a running average, so one slow seek (a
 * cold cache) does not make every later one overshoot.
 */
export function nextSeekLead(lead: number, tookS: number): number {
  const bounded = Math.max(0, Math.min(1, tookS));
  return lead * 0.5 + bounded * 0.5;
}
