import { useEffect, useState } from 'react';
import type { FocusState } from '@studycircle/shared/focus';
import type { ServerClock } from '../../../lib/clock/server-clock';
import { cn } from '../../../ui/cn';
import { formatClock, remainingAt, timerEndsAt } from '../lib/countdown';
import { TONE, type FocusTone } from './tone';

/**
 * The time left, drawn from the server's clock: remaining = phaseStartedAt + durationMs - now, so
 * every member, a late joiner and a reloaded page show the same second. Redrawn when the shown
 * second changes, not on every frame. `role="timer"` is not a live region: a screen reader reads
 * it when asked, and the section's own live region speaks only at phase changes.
 *
 * The data attributes let a test read what the page would draw at any instant (end, pause,
 * clock offset) without waiting for the next redraw.
 */
export function Countdown({
  state,
  clock,
  tone,
}: {
  state: FocusState;
  clock: ServerClock | null;
  tone: FocusTone;
}) {
  const [, redraw] = useState(0);
  const now = clock?.now() ?? Date.now();
  const remaining = remainingAt(state, now);
  const endsAt = timerEndsAt(state);

  useEffect(() => {
    if (endsAt === null) return;
    // Just past the next whole-second boundary of the time left.
    const delay = (remaining % 1000 || 1000) + 5;
    const timer = window.setTimeout(() => redraw((n) => n + 1), delay);
    return () => window.clearTimeout(timer);
  });

  const done = state.durationMs > 0 ? 1 - remaining / state.durationMs : 0;
  const paused = state.pausedRemainingMs !== null;
  return (
    <div className="space-y-2">
      <p
        role="timer"
        aria-atomic="true"
        data-testid="focus-clock"
        data-rev={state.rev}
        data-phase={state.phase}
        data-ends-at={endsAt ?? ''}
        data-paused-ms={state.pausedRemainingMs ?? ''}
        data-offset={clock?.offset() ?? ''}
        className={cn(
          'font-mono text-5xl font-bold tracking-tight tabular-nums sm:text-6xl',
          TONE[tone].text,
          paused && 'opacity-70',
        )}
      >
        {formatClock(remaining)}
        <span className="sr-only"> left{paused ? ', paused' : ''}</span>
      </p>
      <div aria-hidden="true" className={cn('h-2 overflow-hidden rounded-full', TONE[tone].track)}>
        <div
          className={cn(
            'h-full rounded-full motion-safe:transition-[width] motion-safe:duration-1000 motion-safe:ease-linear',
            state.phase === 'focus' ? 'bg-brand-600' : 'bg-green-600',
          )}
          style={{ width: `${Math.min(100, Math.max(0, done * 100)).toFixed(2)}%` }}
        />
      </div>
    </div>
  );
}
