import { useEffect, useRef } from 'react';
import { Hand, MicOff, MonitorUp, VideoOff } from 'lucide-react';
import { cn } from '../../../ui/cn';

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
  speaking?: boolean;
  status?: string;
  className?: string;
  /** The floating preview: smaller labels. */
  compact?: boolean;
}

/**
 * One participant (docs/product.md §7.9). The picture plays muted; a remote
 * participant's sound plays through its own audio element, so a browser that refuses unmuted
 * autoplay still shows the video. Mute, camera-off, hand and screen states are shown with an
 * icon and text, never by colour alone.
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
  speaking = false,
  status,
  className,
  compact = false,
}: VideoTileProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    // A stream whose tracks changed in place needs a nudge on some browsers.
    if (stream) void video.play().catch(() => {});
  }, [stream, version]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || local) return;
    if (audio.srcObject !== stream) audio.srcObject = stream;
    if (stream) void audio.play().catch(() => {});
  }, [stream, version, local]);

  const label = local ? `${name} (You)` : name;
  const showVideo = Boolean(stream) && !videoOff;
  return (
    <figure
      data-testid={local ? 'local-tile' : 'remote-tile'}
      data-peer-name={name}
      data-speaking={speaking || undefined}
      data-muted={muted || undefined}
      data-hand={hand || undefined}
      data-sharing={sharing || undefined}
      className={cn(
        // Positioned by the caller: relative in the grid, absolute as the floating preview.
        'm-0 overflow-hidden rounded-xl bg-slate-800 shadow-lg ring-2 ring-transparent',
        speaking && 'ring-emerald-400',
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
          local && !sharing && '-scale-x-100',
          sharing && 'object-contain',
          !showVideo && 'invisible',
        )}
      />
      {!local && <audio ref={audioRef} autoPlay />}
      {!showVideo && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-slate-300">
          <span
            aria-hidden="true"
            className={cn(
              'flex items-center justify-center rounded-full bg-brand-600 font-semibold text-white',
              compact ? 'h-10 w-10 text-lg' : 'h-16 w-16 text-2xl',
            )}
          >
            {name.trim().charAt(0).toUpperCase() || '?'}
          </span>
          <span className="flex items-center gap-1 text-xs">
            <VideoOff aria-hidden="true" className="h-3.5 w-3.5" />
            Camera off
          </span>
        </div>
      )}
      {hand && (
        <span className="absolute top-2 left-2 flex items-center gap-1 rounded-full bg-amber-400 px-2 py-1 text-xs font-semibold text-slate-900">
          <Hand aria-hidden="true" className="h-3.5 w-3.5" />
          Hand raised
        </span>
      )}
      {sharing && (
        <span className="absolute top-2 right-2 flex items-center gap-1 rounded-full bg-brand-600 px-2 py-1 text-xs font-semibold text-white">
          <MonitorUp aria-hidden="true" className="h-3.5 w-3.5" />
          {local ? 'You are sharing your screen' : 'Sharing screen'}
        </span>
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
