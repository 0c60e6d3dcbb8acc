import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../ui/error-boundary';

/**
 * What other screens mount, each loading its code only when shown: the room page and the call's
 * JavaScript grow by these few lines, not by the player.
 */

const Section = lazy(() => import('./components/watch-section'));

/** The room page's section; members only. A failed download says so rather than blanking the page. */
export function WatchTogetherSection(props: { roomId: string; userId: string | null }) {
  return (
    <ErrorBoundary
      fallback={() => (
        <p role="alert" className="text-sm text-red-700">
          Watch together could not load. Reload the page to try again.
        </p>
      )}
    >
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The call's "Watch together" tool (its CallToolPanel gives it a Suspense fallback). */
export const WatchTogetherToolPanel = lazy(() => import('./components/watch-tool-panel'));
