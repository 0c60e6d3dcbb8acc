import { X } from 'lucide-react';
import { useAuth } from '../../auth';
import { FocusTimer } from './focus-timer';

/*
 * The focus timer's two homes, in one file so they load as one chunk: the room page's section and
 * the call's tool panel share the timer and its icons, and split across two chunks those would
 * move into the icons file every signed-in page loads (vite.config.ts).
 */

/**
 * "Focus together" on the room page (docs/product.md §5.16), for members: the room's shared
 * Pomodoro, usable without joining the call. Loaded lazily (features/focus/lazy.tsx).
 */
export function FocusSection({ roomId }: { roomId: string }) {
  const { user } = useAuth();
  return (
    <section
      aria-labelledby="focus-title"
      className="space-y-4 rounded-xl border border-slate-200 p-4 sm:p-5"
    >
      <h2 id="focus-title" className="text-lg font-semibold text-slate-900">
        Focus together
      </h2>
      <FocusTimer roomId={roomId} selfId={user?.id ?? user?._id ?? null} tone="light" />
    </section>
  );
}

/**
 * "Focus together" in the call's side column (a room tool, features/call/components/call-tools.tsx):
 * the same timer as on the room page, dark like the rest of the call. Its props are the call
 * tool panel's.
 */
export function FocusCallPanel({
  roomId,
  user,
  onClose,
}: {
  roomId: string;
  user: { id: string; name: string };
  onClose(): void;
}) {
  return (
    <div className="flex min-h-0 flex-1 flex-col text-slate-100">
      <header className="flex items-center justify-between gap-2 border-b border-slate-700 px-4 py-3">
        <h2 className="text-sm font-semibold">Focus together</h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="h-4 w-4" />
          Close
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <FocusTimer roomId={roomId} selfId={user.id} tone="dark" />
      </div>
    </div>
  );
}
