import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (/sw.js, docs/decisions/0060-service-worker.md) once per page and
 * says when a new version of the app is waiting. The worker keeps one whole version of the app
 * (index.html and the chunks it names) in the cache; a new version installs beside it and only
 * takes over when the student reloads through `applyUpdate`, so a page never runs an old
 * index.html against new chunks or the reverse. Until then every page, reloads included, keeps
 * getting the version it started with.
 *
 * The signed-in app starts it (app/app-update.tsx); the public pages never load this module.
 */

let workbox: Workbox | undefined;
let updateWaiting = false;
const listeners = new Set<() => void>();

/** How often an open page asks for a new version, beside the browser's own checks on navigation. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the worker the first time it is called; a browser without service workers skips. */
export function startAppWorker(): void {
  if (workbox || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  workbox = wb;
  // A new version installed (by this tab, another tab, or before this page loaded) and waits.
  wb.addEventListener('waiting', () => {
    updateWaiting = true;
    for (const listener of listeners) listener();
  });
  // A refused registration (a browser that blocks service workers, a private window) leaves the
  // app as it was without one: online only, as before. Nothing to tell the student.
  void wb.register().catch(() => undefined);
  window.setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/**
 * Moves this page to the waiting version: the worker activates, then the page reloads into it.
 * When another tab already did (the new version is active, this page still runs the old one), it
 * only reloads.
 */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting || !workbox) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  workbox.messageSkipWaiting();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a new version of the app is waiting for this page to reload into it. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => updateWaiting,
    () => false,
  );
}
