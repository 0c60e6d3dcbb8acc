import { X } from 'lucide-react';
import { WatchPlayer } from './watch-player';

/**
 * Watch together in the call's side panel (features/call/components/call-tools.tsx): the same
 * player, dark like the call. The video's sound plays beside the call's; neither mutes the other.
 */
export default function WatchToolPanel({
  roomId,
  user,
  onClose,
}: {
  roomId: string;
  user: { id: string; name: string };
  onClose(): void;
}) {
  const headingId = 'watch-together-panel-title';
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto text-slate-100">
      <header className="flex items-center justify-between gap-2 border-b border-slate-700 px-4 py-3">
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-sm font-semibold focus:outline-2 focus:outline-white"
        >
          Watch together
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close watch together"
          className="rounded p-1 text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </header>
      <div className="p-4">
        <WatchPlayer roomId={roomId} me={user} tone="dark" headingId={headingId} />
      </div>
    </div>
  );
}
