import { videoTitle, type WatchState } from '@studycircle/shared';

/** What the player says in words: times, speeds, and who did what. */

/** Seconds as m:ss, or h:mm:ss from an hour on. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 1.5 -> "1.5×". */
export function rateLabel(rate: number): string {
  return `${rate}×`;
}

/** The toast for a change someone made ("Asha paused the video"); undefined for none. */
export function watchToastText(state: WatchState): string | undefined {
  const name = state.by?.name || 'Someone';
  switch (state.action) {
    case 'start':
      return state.src ? `${name} started ${videoTitle(state.src)}` : undefined;
    case 'play':
      return `${name} played the video`;
    case 'pause':
      return `${name} paused the video`;
    case 'seek':
      return `${name} jumped to ${formatTime(state.position)}`;
    case 'rate':
      return `${name} set the speed to ${rateLabel(state.rate)}`;
    case 'stop':
      return `${name} stopped the video`;
    default:
      return undefined;
  }
}
