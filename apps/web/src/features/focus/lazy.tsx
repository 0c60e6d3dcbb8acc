import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../ui/error-boundary';

/**
 * The focus feature's entry points, each loaded only when shown: the room page, the call and the
 * dashboard import these few lines, not the timer (the call route's budget, and the room page's
 * size, stay where they were). Each has its own error boundary, so a failed load (offline) leaves
 * the rest of the page working.
 */

/** One import site for both homes of the timer: one preload list in this small file. */
const views = () => import('./components/focus-views');
const LazySection = lazy(() => views().then((m) => ({ default: m.FocusSection })));
const LazyStats = lazy(() => import('./components/focus-stats-card'));

/**
 * The call's room tool panel, for `lazy()` in the call's tool list (which wraps it in Suspense
 * itself). The call imports this whole file on demand, so it is a loader, not a lazy component:
 * one lazy resolving to another would not render.
 */
export const loadFocusCallPanel = () => views().then((m) => ({ default: m.FocusCallPanel }));

function LoadFailed() {
  return (
    <p role="alert" className="rounded-xl border border-slate-200 p-4 text-sm text-slate-600">
      Focus together could not load. Reload the page to try again.
    </p>
  );
}

/** "Focus together" on the room page (members only). */
export function FocusSection({ roomId }: { roomId: string }) {
  return (
    <ErrorBoundary fallback={() => <LoadFailed />}>
      <Suspense fallback={null}>
        <LazySection roomId={roomId} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The dashboard's focus streak and this week's focus minutes. */
export function FocusStatsCard() {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <LazyStats />
      </Suspense>
    </ErrorBoundary>
  );
}
