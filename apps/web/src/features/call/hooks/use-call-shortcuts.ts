import { useEffect, useRef } from 'react';
import { useCallShortcutMode } from '../../../lib/call-shortcuts';
import { shortcutFor, type CallShortcut } from '../lib/call-rules';

/**
 * docs/product.md §7.7: M mic, C camera, D chat panel, H hand, L leave (and S share screen),
 * ignored while typing, pressed the way Settings says (single keys, with Shift+Alt, or off:
 * docs/decisions/0053-call-shortcuts-the-user-can-change.md). One named listener, removed on
 * unmount; the latest actions are read through a ref so the listener is not re-registered on
 * every render. Returns the mode, so the controls can show the keys that really work.
 */
export function useCallShortcuts(actions: Record<CallShortcut, () => void>, enabled = true) {
  const mode = useCallShortcutMode();
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled || mode === 'off') return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event, mode);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, mode]);
  return mode;
}
