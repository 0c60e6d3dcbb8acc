import { useEffect } from 'react';
import { RefreshCw } from 'lucide-react';
import { applyUpdate, startAppWorker, useUpdateWaiting } from '../lib/app-worker';
import { Button } from '../ui/button';

/**
 * Starts the service worker that lets the app open offline, and offers the reload into a new
 * version once one is waiting (docs/decisions/0060-service-worker.md). It does not reload by
 * itself: the student may be halfway through a sentence. Until they choose, the page keeps working
 * on the version it started with, reloads included. Part of the signed-in bar's chunk: the app's
 * pages start the worker, the public pages download none of it, and a call (no bar) is never
 * interrupted by the offer.
 */
export function AppUpdate() {
  useEffect(() => startAppWorker(), []);
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-[60] mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800 shadow-lg sm:inset-x-auto sm:right-4"
    >
      <span>A new version is available.</span>
      <Button size="sm" onClick={() => void applyUpdate()}>
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        Reload
      </Button>
    </div>
  );
}
