import { CloudAlert, CloudCheck, CloudOff, RefreshCw } from 'lucide-react';
import { SYNC_MESSAGES } from '@studycircle/shared';
import { cn } from '../../ui/cn';
import { Popover } from '../../ui/popover';
import type { SyncStatus } from '../../lib/sync/engine';

const LOOK = {
  saved: { Icon: CloudCheck, label: SYNC_MESSAGES.saved, tone: 'text-green-700' },
  saving: { Icon: RefreshCw, label: SYNC_MESSAGES.saving, tone: 'text-slate-600' },
  offline: { Icon: CloudOff, label: SYNC_MESSAGES.offline, tone: 'text-slate-600' },
  error: { Icon: CloudAlert, label: SYNC_MESSAGES.couldNotSync, tone: 'text-red-700' },
} as const;

/**
 * Whether the student's study data is on the server (docs/product.md §15.4): Saved, Saving…,
 * Offline (kept on this device until the connection is back) or Could not sync, whose reason opens
 * under it. The word says it (on a phone, to screen readers only; each state has its own icon
 * shape), colour only echoes it; changes are announced politely.
 */
export function SyncIndicator({ status }: { status: SyncStatus }) {
  const { Icon, label, tone } = LOOK[status.state];
  const kept =
    status.state === 'offline' && status.pending > 0
      ? ` (${status.pending === 1 ? '1 change' : `${status.pending} changes`} kept on this device)`
      : '';
  const badge = (
    // Its own opaque ground: the bar is translucent, and a coloured card scrolled under it would
    // otherwise take the word below 4.5:1.
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md bg-white text-xs font-medium',
        tone,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('h-5 w-5 shrink-0', status.state === 'saving' && 'motion-safe:animate-spin')}
      />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </span>
  );
  return (
    <div className="flex items-center" data-testid="sync-indicator" data-state={status.state}>
      <p role="status" aria-live="polite" className="sr-only">
        {label}
        {status.reason ? `. ${status.reason}` : kept}
      </p>
      {status.state === 'error' && status.reason ? (
        <Popover
          label={`${label}: why`}
          trigger={badge}
          className="max-sm:fixed max-sm:inset-x-3 max-sm:top-16 max-sm:mt-0 max-sm:w-auto"
        >
          <p className="text-sm [overflow-wrap:anywhere] text-slate-800">{status.reason}</p>
        </Popover>
      ) : (
        <span aria-hidden="true" title={`${label}${kept}`} className="px-1">
          {badge}
        </span>
      )}
    </div>
  );
}
