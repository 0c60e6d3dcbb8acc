import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Pause,
  Play,
  Rewind,
  FastForward,
  Square,
  Users,
  User,
  Volume2,
  VolumeX,
  RotateCcw,
} from 'lucide-react';
import {
  WATCH_MESSAGES,
  WATCH_RATES,
  videoTitle,
  type WatchAction,
  type WatchState,
} from '@studycircle/shared';
import { cn } from '../../../ui/cn';
import type { ServerClock } from '../../../lib/clock/server-clock';
import { useFollowVideo } from '../hooks/use-follow-video';
import { useWatchRoom } from '../hooks/use-watch-room';
import { FOLLOW } from '../lib/follow';
import { VIDEO_LOAD_TIMEOUT_MS } from '../lib/probe-video';
import { formatTime, rateLabel } from '../lib/watch-text';
import { StartVideoForm } from './start-video-form';
import { toneClasses, type WatchTone } from './tone';

/** Waits this long after the last move of the position slider before seeking everyone. */
const SCRUB_COMMIT_MS = 300;
/** Follows the room even if the clock's first sample is slow (its offset then corrects it). */
const CLOCK_WAIT_MS = 2000;
const SKIP_S = 10;

/**
 * Watch together, the player (docs/decisions/0033-watch-together.md): the room's video in a plain
 * <video>, with its own controls, since every press acts for the whole room: play, pause, a seek
 * (the slider, or 10 s back and forward), the speed, and stopping the video. Mute is this viewer's
 * own. A viewer may step out and watch alone (the controls then act on their video only) and
 * rejoin the room's position. Used on the room page and in the call's side panel.
 */
export function WatchPlayer({
  roomId,
  me,
  tone,
  headingId,
}: {
  roomId: string;
  me: { id: string; name: string };
  tone: WatchTone;
  /** Where the keyboard goes when the video it was on goes away. */
  headingId: string;
}) {
  const t = toneClasses(tone);
  const room = useWatchRoom(roomId, me);
  const shown = room.shown;
  const src = shown?.src ?? null;
  // The keyboard goes to the new video's Play button after this tab started it (that video
  // only: one someone else starts later must not pull focus from what this student is typing).
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const hadVideo = useRef(false);

  useEffect(() => {
    // The video was stopped under the keyboard: the heading takes it, not the page's top.
    if (hadVideo.current && !src && document.activeElement === document.body) {
      document.getElementById(headingId)?.focus();
    }
    hadVideo.current = Boolean(src);
  }, [src, headingId]);

  if (room.error) {
    return (
      <p role="alert" className={cn('rounded-lg border px-3 py-2 text-sm', t.problem)}>
        {room.error}
      </p>
    );
  }
  if (!shown) {
    return (
      <p role="status" className={cn('text-sm', t.muted)}>
        Loading the room’s video…
      </p>
    );
  }
  if (!shown.src) {
    return (
      <StartVideoForm
        tone={tone}
        onStart={async (link) => {
          const ok = await room.act({ type: 'start', src: link });
          if (ok) setStartedHere(link);
          return ok;
        }}
      />
    );
  }
  return (
    <VideoStage
      key={shown.src}
      tone={tone}
      state={{ ...shown, src: shown.src }}
      clock={room.clock}
      act={room.act}
      focusPlay={startedHere === shown.src}
      meId={me.id}
    />
  );
}

function VideoStage({
  tone,
  state,
  clock,
  act,
  focusPlay,
  meId,
}: {
  tone: WatchTone;
  state: WatchState & { src: string };
  clock: ServerClock | null;
  act(action: WatchAction): Promise<boolean>;
  focusPlay: boolean;
  meId: string;
}) {
  const t = toneClasses(tone);
  const video = useRef<HTMLVideoElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const [duration, setDuration] = useState(Number.NaN);
  const [time, setTime] = useState(0);
  const [localPaused, setLocalPaused] = useState(true);
  const [muted, setMuted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [blocked, setBlocked] = useState(false);
  const [alone, setAlone] = useState(false);
  const [aloneRate, setAloneRate] = useState(1);
  const [scrub, setScrub] = useState<number | null>(null);
  const [clockReady, setClockReady] = useState(false);
  const scrubTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const title = videoTitle(state.src);

  // The clock's first sample is usually back in a few ms; a slow one does not hold the video.
  useEffect(() => {
    if (!clock) return;
    if (clock.offset() !== undefined) {
      setClockReady(true);
      return;
    }
    const unsubscribe = clock.subscribe(() => setClockReady(true));
    const timer = setTimeout(() => setClockReady(true), CLOCK_WAIT_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [clock]);

  // A link that never answers must not leave a player waiting forever.
  useEffect(() => {
    if (loaded || problem) return;
    const timer = setTimeout(() => setProblem(WATCH_MESSAGES.loadTimeout), VIDEO_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [loaded, problem, attempt]);

  useEffect(() => {
    if (focusPlay && loaded) playButton.current?.focus();
  }, [focusPlay, loaded]);

  useEffect(() => () => clearTimeout(scrubTimer.current), []);

  const following = !alone && !problem && clockReady;
  const onBlocked = useCallback(() => setBlocked(true), []);
  useFollowVideo({ video, target: state, clock, following, blocked, onBlocked });

  // Stepping out keeps the video where it is, at the speed this viewer picks from then on.
  useEffect(() => {
    const v = video.current;
    if (alone && v) v.playbackRate = aloneRate;
  }, [alone, aloneRate]);

  // While following, this video is where the room's is: at its end, the room's has ended too.
  const atEnd = Number.isFinite(duration) && time >= duration - FOLLOW.endMargin;
  const roomPlaying = state.playing && !atEnd;
  const playing = alone ? !localPaused : roomPlaying;
  const rate = alone ? aloneRate : state.rate;
  const position = scrub ?? time;

  /** Plays here in the click itself: the surest way past a browser's autoplay rule. */
  const playHere = () => {
    const v = video.current;
    if (!v) return;
    v.play().then(
      () => setBlocked(false),
      () => undefined,
    );
  };

  const togglePlay = () => {
    const v = video.current;
    if (!v) return;
    if (alone) {
      if (v.paused) playHere();
      else v.pause();
      return;
    }
    if (roomPlaying) {
      v.pause();
      void act({ type: 'pause', position: v.currentTime });
    } else {
      // From the start again once the video has ended.
      const from = atEnd ? 0 : v.currentTime;
      if (atEnd) v.currentTime = 0;
      playHere();
      void act({ type: 'play', position: from });
    }
  };

  const seek = (to: number) => {
    const v = video.current;
    const end = Number.isFinite(duration) ? duration : to;
    const target = Math.max(0, Math.min(end, to));
    if (v) v.currentTime = target;
    if (!alone) void act({ type: 'seek', position: target });
  };

  const onScrub = (value: number) => {
    setScrub(value);
    clearTimeout(scrubTimer.current);
    scrubTimer.current = setTimeout(() => {
      seek(value);
      setScrub(null);
    }, SCRUB_COMMIT_MS);
  };

  const chooseRate = (next: number) => {
    if (alone) setAloneRate(next);
    else void act({ type: 'rate', rate: next as (typeof WATCH_RATES)[number] });
  };

  const stepOut = () => {
    setAloneRate(state.rate);
    setAlone(true);
  };

  const retry = () => {
    setProblem(null);
    setLoaded(false);
    setAttempt((n) => n + 1);
    video.current?.load();
  };

  const status = problem
    ? 'Not playing'
    : alone
      ? `Watching alone${localPaused ? ', paused' : ''}`
      : `${roomPlaying ? 'Playing' : atEnd ? 'Ended' : 'Paused'}${
          state.rate !== 1 ? ` at ${rateLabel(state.rate)}` : ''
        }${state.by ? ` · last change by ${state.by.id === meId ? 'you' : state.by.name}` : ''}`;

  return (
    <div
      className="space-y-3"
      data-testid="watch-player"
      data-rev={state.rev}
      data-playing={state.playing}
    >
      <div className="relative overflow-hidden rounded-lg bg-black">
        <video
          ref={video}
          src={state.src}
          preload="auto"
          playsInline
          aria-label={`Shared video: ${title}`}
          className="aspect-video w-full"
          onLoadedMetadata={(event) => {
            setLoaded(true);
            setDuration(event.currentTarget.duration);
          }}
          onDurationChange={(event) => setDuration(event.currentTarget.duration)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onSeeked={(event) => setTime(event.currentTarget.currentTime)}
          onPlay={() => setLocalPaused(false)}
          onPause={() => setLocalPaused(true)}
          onVolumeChange={(event) => setMuted(event.currentTarget.muted)}
          onError={() => setProblem(WATCH_MESSAGES.notPlayable)}
        />
        {blocked && following && state.playing && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-3 text-center">
            <button
              type="button"
              onClick={playHere}
              className="inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Play aria-hidden="true" className="h-4 w-4" />
              Click to join playback
            </button>
            <p className="text-xs text-white">{WATCH_MESSAGES.blocked}</p>
          </div>
        )}
      </div>

      {problem && (
        <div
          role="alert"
          className={cn('space-y-2 rounded-lg border px-3 py-2 text-sm', t.problem)}
        >
          <p>{problem}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={t.control} onClick={retry}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Try again
            </button>
            <button type="button" className={t.control} onClick={() => void act({ type: 'stop' })}>
              <Square aria-hidden="true" className="h-4 w-4" />
              Stop the video for everyone
            </button>
          </div>
        </div>
      )}

      <div className="space-y-1">
        <input
          type="range"
          aria-label="Position"
          aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
          min={0}
          max={Number.isFinite(duration) ? duration : 0}
          step={1}
          value={Math.min(position, Number.isFinite(duration) ? duration : 0)}
          disabled={!loaded}
          onChange={(event) => onScrub(Number(event.target.value))}
          className={cn('block w-full', t.range)}
        />
        <div className={cn('flex flex-wrap items-center justify-between gap-x-3 text-xs', t.muted)}>
          <span>
            <span className="sr-only">Time: </span>
            {formatTime(position)} / {formatTime(duration)}
          </span>
          <span data-testid="watch-status" className="min-w-0 [overflow-wrap:anywhere]">
            {status}
          </span>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={playButton}
          type="button"
          className={t.primary}
          onClick={togglePlay}
          disabled={!loaded}
        >
          {playing ? (
            <Pause aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Play aria-hidden="true" className="h-4 w-4" />
          )}
          {playing ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          className={t.control}
          aria-label={`Back ${SKIP_S} seconds`}
          title={`Back ${SKIP_S} seconds`}
          disabled={!loaded}
          onClick={() => seek((video.current?.currentTime ?? 0) - SKIP_S)}
        >
          <Rewind aria-hidden="true" className="h-4 w-4" />
        </button>
        <button
          type="button"
          className={t.control}
          aria-label={`Forward ${SKIP_S} seconds`}
          title={`Forward ${SKIP_S} seconds`}
          disabled={!loaded}
          onClick={() => seek((video.current?.currentTime ?? 0) + SKIP_S)}
        >
          <FastForward aria-hidden="true" className="h-4 w-4" />
        </button>
        <label className={cn('flex items-center gap-1.5 text-sm', t.label)}>
          Speed
          <select
            className={t.select}
            value={rate}
            onChange={(event) => chooseRate(Number(event.target.value))}
          >
            {WATCH_RATES.map((r) => (
              <option key={r} value={r}>
                {rateLabel(r)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={t.control}
          aria-pressed={muted}
          aria-label="Mute video"
          title={muted ? 'Unmute video' : 'Mute video'}
          onClick={() => {
            if (video.current) video.current.muted = !video.current.muted;
          }}
        >
          {muted ? (
            <VolumeX aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Volume2 aria-hidden="true" className="h-4 w-4" />
          )}
        </button>
      </div>

      {alone ? (
        <div
          role="status"
          className={cn(
            'flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm',
            t.notice,
          )}
        >
          <span>You are watching alone; the room carries on without you.</span>
          <button type="button" className={t.primary} onClick={() => setAlone(false)}>
            <Users aria-hidden="true" className="h-4 w-4" />
            Rejoin the room
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <p className={cn('min-w-0 flex-1 basis-40 text-xs', t.muted)}>
            Everyone in the room follows these controls.
          </p>
          <button type="button" className={t.control} onClick={stepOut}>
            <User aria-hidden="true" className="h-4 w-4" />
            Watch alone
          </button>
          <button type="button" className={t.control} onClick={() => void act({ type: 'stop' })}>
            <Square aria-hidden="true" className="h-4 w-4" />
            Stop video
          </button>
        </div>
      )}
    </div>
  );
}
