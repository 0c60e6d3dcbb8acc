import { useSyncExternalStore } from 'react';

/**
 * The theme <html> shows now: lib/theme.ts keeps its `dark` class right (a choice made here or
 * in another tab, the system setting), so the class is what is watched.
 */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
    () => 'light',
  );
}

function subscribe(listener: () => void) {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
