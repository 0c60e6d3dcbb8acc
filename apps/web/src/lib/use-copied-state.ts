import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@studycircle/shared';
import { copyText } from './clipboard';

/**
 * Copies a value and reports `copied` for 1.2 s (docs/product.md §5.8, §5.9), so a button can read
 * "Copied!" and then return to its label. A second copy restarts the period.
 */
export function useCopiedState(durationMs: number = TIMINGS.copiedMs) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      if (!ok) return false;
      clearTimeout(timer.current);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), durationMs);
      return true;
    },
    [durationMs],
  );

  /** Shows the copied state without copying (used after a successful share fallback). */
  const flash = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), durationMs);
  }, [durationMs]);

  return { copied, copy, flash };
}
