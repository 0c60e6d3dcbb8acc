import { useEffect, useRef } from 'react';
import { shortcutFor, type CallShortcut } from '../lib/call-rules';

/**
 * docs/product.md §7.7: M mic, C camera, D chat panel, H hand, L leave (and S share screen),
 * ignored while typing. One named listener, removed on unmount; the latest actions are read through
 * a ref so the listener is not re-registered on every render.
 */
export function useCallShortcuts(actions: Record<CallShortcut, () => void>, enabled = true) {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
