import { Hand } from 'lucide-react';
import type { RaisedHand } from '@studycircle/shared';
import { cn } from '../../../ui/cn';
import { handLabel } from '../lib/hand-queue';

/**
 * "Raised hands": the call's queue as the server ordered it (docs/decisions/0063), first raised
 * first, each with its place as a number, so everyone reads the same turn order. Shown over the
 * stage's bottom-left corner (the local preview takes the right), on a phone too; nothing while no
 * hand is up.
 */
export function HandQueueList({
  hands,
  self,
  className,
}: {
  hands: readonly RaisedHand[];
  /** This side's socket id: its own place reads "You". */
  self: string | undefined;
  className?: string;
}) {
  if (hands.length === 0) return null;
  return (
    <section
      aria-labelledby="hand-queue-title"
      // A long queue scrolls within its box: focusable, so a keyboard can scroll it too.
      tabIndex={0}
      className={cn(
        // Smaller on a phone, where it sits over the tiles' name labels.
        'pointer-events-auto max-h-40 overflow-y-auto rounded-lg border border-slate-700 bg-slate-900/90 px-2.5 py-1.5 text-xs shadow-lg focus-visible:outline-2 focus-visible:outline-white sm:px-3 sm:py-2 sm:text-sm',
        className,
      )}
    >
      <h2
        id="hand-queue-title"
        className="flex items-center gap-1.5 text-xs font-semibold whitespace-nowrap text-amber-300"
      >
        <Hand aria-hidden="true" className="h-3.5 w-3.5" />
        Raised hands
      </h2>
      <ol className="mt-1 space-y-0.5">
        {hands.map((hand, index) => (
          <li key={hand.id} className="flex min-w-0 items-baseline gap-2">
            <span className="w-4 shrink-0 text-right font-mono text-xs text-slate-400 tabular-nums">
              {index + 1}.
            </span>
            <span className="truncate">{handLabel(hand, self)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
