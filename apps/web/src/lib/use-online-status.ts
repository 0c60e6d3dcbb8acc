import { useSyncExternalStore } from 'react';

/**
 * Whether StudyCircle can be reached: the browser says it is online AND the server answers
 * GET /api/health. `navigator.onLine` alone is not enough: it stays true on a captive portal or
 * when only our server is down. One store serves every indicator on the page (the avatar menu and
 * the phone drawer); it listens and probes only while at least one indicator is mounted.
 *
 * When it probes: at once when the first indicator mounts, on the browser's `online` event, when
 * the tab becomes visible again, every PROBE_INTERVAL_MS while the tab is visible, and after a
 * request of the HTTP client failed at the network level (`reportRequestFailure`). The browser's
 * `offline` event turns it offline without asking anyone.
 */

export const PROBE_INTERVAL_MS = 30_000;
/** A server slower than this to say "ok" is, for a person waiting on it, not reachable. */
export const PROBE_TIMEOUT_MS = 8_000;
const HEALTH_URL = '/api/health';

const listeners = new Set<() => void>();
let online = browserSaysOnline();
// Bumped by every probe and every offline event: only the newest answer may set the state, so a
// slow probe started before the network dropped cannot turn the indicator back to online.
let generation = 0;
let stopWatching: (() => void) | undefined;

function browserSaysOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function setOnline(value: boolean): void {
  if (online === value) return;
  online = value;
  for (const listener of listeners) listener();
}

async function probe(): Promise<void> {
  const mine = ++generation;
  if (!browserSaysOnline()) {
    setOnline(false);
    return;
  }
  let answered = false;
  try {
    const response = await fetch(HEALTH_URL, {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    // Read to the end: an unread body holds the request open until the time-out aborts it.
    await response.text();
    answered = response.ok;
  } catch {
    answered = false;
  }
  if (mine === generation) setOnline(answered && browserSaysOnline());
}

const isVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

function startWatching(): () => void {
  const onOnline = () => void probe();
  const onOffline = () => {
    generation += 1;
    setOnline(false);
  };
  const onVisibility = () => {
    if (isVisible()) void probe();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisibility);
  // A hidden tab does not probe: nobody is looking, and the server is spared the traffic.
  const timer = window.setInterval(() => {
    if (isVisible()) void probe();
  }, PROBE_INTERVAL_MS);
  online = browserSaysOnline();
  void probe();
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisibility);
    window.clearInterval(timer);
    generation += 1;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) stopWatching = startWatching();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = undefined;
    }
  };
}

const getSnapshot = () => online;
// Prerendered and server markup cannot know; it claims nothing it has not checked.
const getServerSnapshot = () => true;

/** A request failed without an answer: check at once instead of waiting for the next probe. */
export function reportRequestFailure(): void {
  if (listeners.size > 0) void probe();
}

/** True while the browser is online and the server answers its health check. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
