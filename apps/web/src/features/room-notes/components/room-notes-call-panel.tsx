import { lazy, Suspense, useState } from 'react';
import { Loader2, X } from 'lucide-react';
import { ROOM_NOTES_MESSAGES } from '@studycircle/shared';
import { ConfirmStep, useConfirmStep } from '../../../ui/confirm-step';

/**
 * One chunk for the editor wherever it opens from. Imported statically here, the bundler would
 * count its icons as shared by two pages and move them to the icons file every signed-in page
 * (the call included) downloads.
 */
const RoomNotesEditor = lazy(() => import('./room-notes-editor'));

/**
 * The room notes beside the call (the call's Room tools, `CALL_TOOLS`): a header with a close
 * button and the editor on the call's dark surface. Its props are the call's tool panel props.
 * Closing while edits wait unsent (offline) asks first.
 */
export default function RoomNotesCallPanel({
  roomId,
  user,
  onClose,
}: {
  roomId: string;
  user: { id: string; name: string };
  onClose(): void;
}) {
  const [unsaved, setUnsaved] = useState(false);
  const closing = useConfirmStep();
  return (
    <div className="flex min-h-0 flex-1 flex-col text-slate-100">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-700 px-4 py-3">
        <h2 className="text-sm font-semibold">{ROOM_NOTES_MESSAGES.title}</h2>
        <button
          ref={closing.triggerRef}
          type="button"
          disabled={closing.confirming}
          onClick={() => (unsaved ? closing.ask() : onClose())}
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="h-3.5 w-3.5" />
          Close notes
        </button>
        {closing.confirming && (
          <ConfirmStep
            look="box"
            className="w-full"
            label="Confirm closing the notes"
            question={ROOM_NOTES_MESSAGES.unsavedOnClose}
            confirmLabel="Close and lose them"
            onCancel={closing.cancel}
            onConfirm={onClose}
          />
        )}
      </header>
      <Suspense
        fallback={
          <p role="status" className="m-auto flex items-center gap-2 text-sm text-slate-300">
            <Loader2 aria-hidden="true" className="h-4 w-4 motion-safe:animate-spin" />
            Loading notes…
          </p>
        }
      >
        <RoomNotesEditor
          roomId={roomId}
          user={user}
          tone="dark"
          autoFocus
          className="min-h-0 flex-1 p-3"
          onUnsavedChange={setUnsaved}
        />
      </Suspense>
    </div>
  );
}
