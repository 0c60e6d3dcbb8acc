import { Video } from 'lucide-react';
import type { CallPresence as Presence } from '@studycircle/shared';
import { cn } from '../../../ui/cn';

/**
 * Who is in the room's call right now (from the server's presence), in words: nothing at all when
 * the call is empty, so a room shows "live" only when someone really is there.
 */
export function CallPresence({
  presence,
  className,
}: {
  presence: Presence | null | undefined;
  className?: string;
}) {
  if (!presence || presence.count === 0) return null;
  const names = [...new Set(presence.participants.map((p) => p.name))];
  const shown = names.slice(0, 3).join(', ');
  const more = names.length > 3 ? ` and ${names.length - 3} more` : '';
  return (
    <p
      className={cn(
        'flex min-w-0 items-center gap-1.5 rounded-lg bg-emerald-50 px-2 py-1 text-xs text-emerald-800',
        className,
      )}
    >
      <span aria-hidden="true" className="relative flex h-2 w-2 shrink-0">
        <span className="absolute inline-flex h-full w-full rounded-full bg-emerald-400 opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex h-2 w-2 rounded-full bg-emerald-500" />
      </span>
      <Video aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      <span className="min-w-0 break-words [overflow-wrap:anywhere]">
        In the call now ({presence.count}): {shown}
        {more}
      </span>
    </p>
  );
}
