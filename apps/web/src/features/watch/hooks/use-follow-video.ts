import { useEffect, useRef, type RefObject } from 'react';
import { watchPositionAt, type WatchState } from '@studycircle/shared';
import type { ServerClock } from '../../../lib/clock/server-clock';
import { FOLLOW, followStep, nextSeekLead } from '../lib/follow';

/** HTMLMediaElement.HAVE_METADATA: the duration is known and a seek lands where it is asked. */
const HAVE_METADATA = 1;
/** What a seek is assumed to take before one has been measured here (s). */
const FIRST_SEEK_LEAD = 0.05;

/**
 * Keeps a <video> on the room's timeline while `following` (lib/follow.ts): compares ten times a
 * second, and at once when the room's state changes. A refused play() (the browser's autoplay
 * policy wants a click first) is reported through `onBlocked`, and nothing more is tried until
 * the player says the viewer clicked (`blocked` false again). Seeks are timed as they land, and
 * the next seek while playing aims that much ahead, so a viewer comes out of a seek in step.
 * After a change of the room's state, a landed seek or a (re)start of playback, the speed is
 * nudged until the viewer is within FOLLOW.settleBelow, not only above FOLLOW.nudgeAbove.
 */
export function useFollowVideo({
  video,
  target,
  clock,
  following,
  blocked,
  onBlocked,
}: {
  video: RefObject<HTMLVideoElement | null>;
  target: WatchState | null;
  clock: ServerClock | null;
  following: boolean;
  blocked: boolean;
  onBlocked(): void;
}): void {
  const live = useRef({ target, clock, blocked, onBlocked });
  const memory = useRef({
    nudging: false,
    seekLead: FIRST_SEEK_LEAD,
    seekStartedAt: undefined as number | undefined,
    playPending: false,
    followed: null as WatchState | null,
  });
  const tick = useRef<() => void>(() => undefined);

  useEffect(() => {
    live.current = { target, clock, blocked, onBlocked };
  });

  useEffect(() => {
    const m = memory.current;
    tick.current = () => {
      const v = video.current;
      const { target: t, clock: c, blocked: isBlocked } = live.current;
      if (!v || !t?.src || !c || isBlocked || v.readyState < HAVE_METADATA || v.error) return;
      // After every change of the room's video, settle close to it, not just under the nudge
      // threshold: starting to play or landing a seek leaves each viewer a little behind.
      // (By object, not revision: this tab's own preview and the stored answer share a number.)
      if (t !== m.followed) {
        m.followed = t;
        m.nudging = true;
      }
      const step = followStep({
        playing: t.playing,
        rate: t.rate,
        expected: watchPositionAt(t, c.now()),
        currentTime: v.currentTime,
        paused: v.paused,
        seeking: v.seeking,
        duration: v.duration,
        nudging: m.nudging,
        seekLead: m.seekLead,
      });
      m.nudging = step.nudging;
      if (Math.abs(v.playbackRate - step.playbackRate) > 0.001) v.playbackRate = step.playbackRate;
      if (step.seekTo !== undefined) {
        // Timed only while playing: a paused seek has no time to make up.
        m.seekStartedAt = t.playing ? performance.now() : undefined;
        v.currentTime = step.seekTo;
      }
      if (step.pause) v.pause();
      if (step.play && !m.playPending) {
        m.playPending = true;
        v.play().then(
          () => {
            m.playPending = false;
          },
          (err: unknown) => {
            m.playPending = false;
            // An AbortError is a pause or a new source cutting the play short: nothing to do.
            if (err instanceof DOMException && err.name === 'NotAllowedError') {
              live.current.onBlocked();
            }
          },
        );
      }
    };
  }, [video]);

  // Seeks are timed from the moment they were asked to the moment they landed.
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const m = memory.current;
    const onSeeked = () => {
      m.nudging = true;
      if (m.seekStartedAt === undefined) return;
      m.seekLead = nextSeekLead(m.seekLead, (performance.now() - m.seekStartedAt) / 1000);
      m.seekStartedAt = undefined;
    };
    // Playback that (re)starts, after a pause, a stall or a refused autoplay, settles close too.
    const onPlaying = () => {
      m.nudging = true;
    };
    v.addEventListener('seeked', onSeeked);
    v.addEventListener('playing', onPlaying);
    return () => {
      v.removeEventListener('seeked', onSeeked);
      v.removeEventListener('playing', onPlaying);
    };
  }, [video]);

  useEffect(() => {
    if (!following) return;
    const timer = setInterval(() => tick.current(), FOLLOW.tickMs);
    tick.current();
    return () => clearInterval(timer);
  }, [following]);

  // A new state (someone acted, or this tab did) is followed at once, not at the next tick.
  useEffect(() => {
    if (following && !blocked) tick.current();
  }, [following, blocked, target]);
}
