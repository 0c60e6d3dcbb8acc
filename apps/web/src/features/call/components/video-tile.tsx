import { useEffect, useRef, useState, type CSSProperties } from 'react';
import {
  AudioLines,
  Hand,
  Maximize,
  MicOff,
  Minimize,
  MonitorUp,
  Pin,
  PinOff,
  VideoOff,
} from 'lucide-react';
import { cn } from '../../../ui/cn';
import { useFullscreen } from '../hooks/use-fullscreen';

export interface VideoTileProps {
  name: string;
  stream: MediaStream | null;
  /** Bumped whenever the stream's tracks change, so the element picks the new ones up. */
  version?: number;
  local?: boolean;
  muted: boolean;
  videoOff: boolean;
  hand: boolean;
  sharing?: boolean;
  /**
   * The tile shows the person's shared screen, not their camera: its own label, no sound (the
   * camera's tile plays it), never mirrored, the whole picture shown.
   */
  screen?: boolean;
  speaking?: boolean;
  status?: string;
  className?: string;
  style?: CSSProperties;
  /** The floating preview and the strip beside a large view: smaller labels. */
  compact?: boolean;
  /** The person's uploaded picture, shown while the camera is off (the initial without one). */
  avatar?: string;
  /** Pinning: the tile then takes the large view (pressed), pressing again unpins. */
  pinned?: boolean;
  onPin?: () => void;
}

/**
 * One participant (docs/product.md §7.9). The picture plays muted; a remote
 * participant's sound plays through its own audio element, so a browser that refuses unmuted
 * autoplay still shows the video. Mute, camera-off, hand, screen and speaking states are shown
 * with an icon and text, never by colour alone (the speaker's outline has a wave icon and a
 * "Speaking" label for screen readers).
 */
export function VideoTile({
  name,
  stream,
  version = 0,
  local = false,
  muted,
  videoOff,
  hand,
  sharing = false,
  screen = false,
  speaking = false,
  status,
  className,
  style,
  compact = false,
  avatar,
  pinned = false,
  onPin,
}: VideoTileProps) {
  const [failedAvatar, setFailedAvatar] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const tileRef = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(tileRef);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    // A stream whose tracks changed in place needs a nudge on some browsers.
    if (stream) void video.play().catch(() => {});
  }, [stream, version]);

  // A tile that goes (its peer left) lets go of the stream at once, not at garbage collection.
  useEffect(() => {
    const video = videoRef.current;
    const audio = audioRef.current;
    return () => {
      if (video) video.srcObject = null;
      if (audio) audio.srcObject = null;
    };
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || local || screen) return;
    if (audio.srcObject !== stream) audio.srcObject = stream;
    if (stream) void audio.play().catch(() => {});
  }, [stream, version, local, screen]);

  const label = screen
    ? local
      ? 'Your screen'
      : `${name}'s screen`
    : local
      ? `${name} (You)`
      : name;
  const showVideo = Boolean(stream) && !videoOff;
  return (
    <figure
      ref={tileRef}
      data-testid={`${local ? 'local' : 'remote'}-${screen ? 'screen' : 'tile'}`}
      data-peer-name={name}
      data-speaking={speaking || undefined}
      data-muted={muted || undefined}
      data-hand={hand || undefined}
      data-sharing={sharing || undefined}
      data-pinned={pinned || undefined}
      data-fullscreen={fullscreen.active || undefined}
      style={style}
      className={cn(
        // Positioned by the caller: relative in the grid, absolute as the floating preview.
        'm-0 overflow-hidden rounded-xl bg-slate-800 shadow-lg',
        // Full screen fills the display edge to edge (the browser sizes the element).
        fullscreen.active && 'rounded-none',
        // The active speaker's outline (with the wave icon in the caption: not colour alone).
        speaking && 'outline-3 outline-offset-2 outline-emerald-400',
        className,
      )}
    >
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted
        aria-label={`${label} video`}
        className={cn(
          'h-full w-full object-cover',
          local && !screen && '-scale-x-100',
          // Full screen shows the whole picture: a phone's display is rarely 16:9.
          (screen || fullscreen.active) && 'object-contain',
          !showVideo && 'invisible',
        )}
      />
      {!local && !screen && <audio ref={audioRef} autoPlay />}
      {!showVideo && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-slate-300">
          {avatar && failedAvatar !== avatar ? (
            // The name is in the caption: the picture itself says nothing more.
            <img
              src={avatar}
              alt=""
              data-testid="tile-avatar"
              onError={() => setFailedAvatar(avatar)}
              className={cn(
                'rounded-full object-cover shadow-md',
                compact ? 'h-10 w-10' : 'h-20 w-20 sm:h-24 sm:w-24',
              )}
            />
          ) : (
            <span
              aria-hidden="true"
              className={cn(
                'flex items-center justify-center rounded-full bg-brand-600 font-semibold text-white',
                compact ? 'h-10 w-10 text-lg' : 'h-16 w-16 text-2xl',
              )}
            >
              {name.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          <span className={cn('flex items-center gap-1 text-xs', compact && 'sr-only')}>
            <VideoOff aria-hidden="true" className="h-3.5 w-3.5" />
            Camera off
          </span>
        </div>
      )}
      {(hand || sharing) && (
        <div className="absolute top-2 left-2 flex max-w-[calc(100%-6rem)] flex-col items-start gap-1">
          {hand && (
            <span className="flex items-center gap-1 rounded-full bg-amber-400 px-2 py-1 text-xs font-semibold text-slate-900">
              <Hand aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
              <span className={cn(compact && 'sr-only')}>Hand raised</span>
            </span>
          )}
          {sharing && (
            <span className="flex items-center gap-1 rounded-full bg-brand-600 px-2 py-1 text-xs font-semibold text-white">
              <MonitorUp aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
              <span className={cn('truncate', compact && 'sr-only')}>
                {local ? 'You are sharing your screen' : 'Sharing screen'}
              </span>
            </span>
          )}
        </div>
      )}
      {(fullscreen.supported || onPin) && (
        <div className="absolute top-1.5 right-1.5 flex gap-1.5">
          {fullscreen.supported && (
            <button
              type="button"
              aria-label={fullscreen.active ? 'Exit full screen' : `Full screen ${label}`}
              title={fullscreen.active ? 'Exit full screen (Esc)' : `Full screen ${label}`}
              onClick={fullscreen.toggle}
              className={cn(
                'flex items-center justify-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950/90',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
                compact ? 'h-7 w-7' : 'h-9 w-9',
              )}
            >
              {fullscreen.active ? (
                <Minimize aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Maximize aria-hidden="true" className="h-4 w-4" />
              )}
            </button>
          )}
          {/* Pinning changes the layout, which would take the tile out of full screen. */}
          {onPin && !fullscreen.active && (
            <button
              type="button"
              aria-label={`Pin ${label}`}
              aria-pressed={pinned}
              title={pinned ? `Unpin ${label}` : `Pin ${label}`}
              onClick={onPin}
              className={cn(
                'flex items-center justify-center rounded-full bg-slate-950/70 text-white hover:bg-slate-950/90',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
                compact ? 'h-7 w-7' : 'h-9 w-9',
                pinned && 'bg-brand-600 hover:bg-brand-700',
              )}
            >
              {pinned ? (
                <PinOff aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Pin aria-hidden="true" className="h-4 w-4" />
              )}
            </button>
          )}
        </div>
      )}
      <figcaption className="absolute right-2 bottom-2 left-2 flex min-w-0 items-center gap-1.5">
        <span className="flex min-w-0 items-center gap-1 rounded-md bg-slate-950/70 px-2 py-1 text-xs text-white">
          {muted && (
            <>
              <MicOff aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-red-300" />
              <span className="sr-only">Muted, </span>
            </>
          )}
          <span className="truncate">{label}</span>
          {speaking && (
            <AudioLines aria-hidden="true" className="h-3.5 w-3.5 shrink-0 text-emerald-300" />
          )}
        </span>
        {status && (
          <span className="shrink-0 rounded-md bg-slate-950/70 px-2 py-1 text-xs text-amber-200">
            {status}
          </span>
        )}
        {speaking && <span className="sr-only">Speaking</span>}
      </figcaption>
    </figure>
  );
}
