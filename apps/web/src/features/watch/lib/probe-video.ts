import { WATCH_MESSAGES } from '@studycircle/shared';

/** How long a link may take to show it is a video before the player gives up on it. */
export const VIDEO_LOAD_TIMEOUT_MS = 15_000;

/**
 * Resolves once the browser has read the link's video metadata (so it can play it), or rejects
 * with a sentence for people: not a video it can play, or nothing within the time-out. Checked
 * before a member starts a video for the room, so a broken link never reaches everyone's player.
 */
export function probeVideo(src: string, timeoutMs = VIDEO_LOAD_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const timer = setTimeout(() => done(WATCH_MESSAGES.loadTimeout), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    let settled = false;
    const done = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      // Drops the request and any data fetched so far.
      video.load();
      if (error) reject(new Error(error));
      else resolve();
    };
    video.addEventListener('loadedmetadata', () => done(), { once: true });
    video.addEventListener('error', () => done(WATCH_MESSAGES.notPlayable), { once: true });
    video.src = src;
  });
}
