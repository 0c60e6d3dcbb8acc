import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in prerendered markup and while React adopts it, true from the first client render on.
 * A control whose handler only exists once hydrated can stay disabled until then, so an early
 * tap is visibly refused rather than silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
