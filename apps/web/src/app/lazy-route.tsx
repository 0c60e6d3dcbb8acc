import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../ui/error-boundary';
import { RouteError } from './route-error';

const loadQueryProvider = () => import('./query-provider');

/**
 * Shown while a route's chunk downloads. Each route has its own Suspense boundary, so even inside
 * the router's transitions a newly entered route shows this at once rather than leaving the
 * previous page on screen with no sign that anything is happening.
 */
export function RouteLoading() {
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[65] h-0.5 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 bg-brand-600 motion-safe:animate-[slide-in-left_1s_ease-in-out_infinite_alternate]" />
    </div>
  );
}

/**
 * One route's page as its own section: a lazy chunk (one per route), a Suspense fallback while it
 * downloads, and an error boundary that shows RouteError if it fails to load or render (the bar
 * stays, and moving to another path clears the error).
 *
 * Pages get the shared query cache unless `query: false`. Its chunk downloads in parallel with the
 * page's; only the marketing pages that make no API call opt out, which keeps TanStack Query out of
 * the landing page's initial JavaScript. A page that starts using queries must drop the opt-out.
 *
 * `prefetch` names routes the page leads to at once (the room page's Join Video Call): their
 * chunks start downloading as soon as this page's own has loaded, so following the link renders
 * the next page in the same commit. A route that suspends instead shows its loading bar, and
 * React then holds the page back until 300 ms after that fallback appeared (its Suspense reveal
 * throttle), however quickly the chunk arrives.
 */
export function lazyRoute(
  load: () => Promise<ComponentType>,
  {
    query = true,
    prefetch,
  }: { query?: boolean; prefetch?: () => readonly { preload(): Promise<unknown> }[] } = {},
) {
  let loading: Promise<ComponentType> | undefined;
  // Set once the chunk has loaded: later renders use the page directly, without suspending.
  let Loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= (async () => {
      if (!query) return load();
      const [Component, { QueryProvider }] = await Promise.all([load(), loadQueryProvider()]);
      return function PageWithQuery() {
        return (
          <QueryProvider>
            <Component />
          </QueryProvider>
        );
      };
    })().then(
      (Component) => {
        // A failed prefetch costs nothing: that route loads (and reports) on its own when opened.
        for (const next of prefetch?.() ?? []) next.preload().catch(() => {});
        return (Loaded = Component);
      },
      (err: unknown) => {
        // Forgotten, so that a failed early load (a prefetch, a network blip) is tried again
        // when the page is actually rendered.
        loading = undefined;
        throw err;
      },
    ));
  const Page = lazy(async () => ({ default: await preload() }));
  function RouteSection() {
    const { pathname } = useLocation();
    // Chosen once per mount: switching from the lazy wrapper to the loaded page on a later render
    // would be a different component type, so React would remount the page and drop its state
    // (it happened: the rooms page read manageRoomId from navigation state, cleared the state, and
    // the remount opened nothing, whenever its chunk had loaded during that very navigation).
    const [Body] = useState(() => Loaded ?? Page);
    return (
      <ErrorBoundary resetKey={pathname} fallback={() => <RouteError />}>
        <Suspense fallback={<RouteLoading />}>
          <Body />
        </Suspense>
      </ErrorBoundary>
    );
  }
  /**
   * Loads the page's chunk ahead of rendering. main.tsx awaits it before hydrating a prerendered
   * page, so hydration finds the page ready instead of a suspended boundary, which React would
   * throw away and render from scratch if an update (the auth check) reached it first.
   */
  RouteSection.preload = preload;
  return RouteSection;
}
