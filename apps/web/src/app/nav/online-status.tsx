import { cn } from '../../ui/cn';
import { useOnlineStatus } from '../../lib/use-online-status';

/**
 * "Online" or "Offline", from what the browser and the server say (lib/use-online-status). The
 * word carries the meaning; the dot only echoes it, filled when online and hollow when offline,
 * so the two states differ in shape as well as colour.
 */
export function OnlineStatus() {
  const online = useOnlineStatus();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 text-xs font-medium',
        online ? 'text-green-700' : 'text-slate-600',
      )}
    >
      <StatusDot online={online} />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

/** The dot alone, for the avatar button; the menu it opens says the word. */
export function StatusDot({ online, className }: { online: boolean; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'h-2 w-2 rounded-full',
        online
          ? 'bg-green-500 ring-2 ring-green-100'
          : 'border-2 border-slate-500 bg-white ring-2 ring-slate-100',
        className,
      )}
    />
  );
}
