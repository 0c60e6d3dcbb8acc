import { lazy, Suspense, useId, useState } from 'react';
import { ChevronDown, NotepadText } from 'lucide-react';
import { ROOM_NOTES_MESSAGES } from '@studycircle/shared';
import { Button } from '../../../ui/button';
import { ConfirmStep, useConfirmStep } from '../../../ui/confirm-step';
import { ErrorBoundary } from '../../../ui/error-boundary';
import { LoadingBlock } from '../../../ui/spinner';
import { cn } from '../../../ui/cn';
import type { NotesUser } from '../hooks/use-notes-connection';

/** The editor and everything it needs (Tiptap, Yjs, the provider): fetched when first opened. */
const RoomNotesEditor = lazy(() => import('./room-notes-editor'));

/**
 * The room page's "Room notes" section (docs/product.md §5.15): what it is and an Open notes
 * button; the editor loads and connects only once opened, so a room page visit costs nothing
 * until then. Members only: the page renders it for members. Hiding the notes while edits wait
 * unsent (offline) asks first: the document lives only while the editor is open.
 */
export default function RoomNotesSection({ roomId, user }: { roomId: string; user: NotesUser }) {
  const [open, setOpen] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const hiding = useConfirmStep();
  const titleId = useId();
  const panelId = useId();
  const hide = () => {
    hiding.cancel();
    setUnsaved(false);
    setOpen(false);
  };
  const toggle = () => {
    if (!open) setOpen(true);
    else if (unsaved) hiding.ask();
    else hide();
  };
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <NotepadText aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
            {ROOM_NOTES_MESSAGES.title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{ROOM_NOTES_MESSAGES.intro}</p>
        </div>
        <Button
          ref={hiding.triggerRef}
          variant={open ? 'secondary' : 'outline'}
          aria-expanded={open}
          aria-controls={panelId}
          disabled={hiding.confirming}
          onClick={toggle}
        >
          {open ? 'Hide notes' : 'Open notes'}
          <ChevronDown
            aria-hidden="true"
            className={cn('h-4 w-4 motion-safe:transition-transform', open && 'rotate-180')}
          />
        </Button>
      </div>
      {hiding.confirming && (
        <ConfirmStep
          look="box"
          className="mt-3"
          label="Confirm hiding the notes"
          question={ROOM_NOTES_MESSAGES.unsavedOnClose}
          confirmLabel="Hide and lose them"
          onCancel={hiding.cancel}
          onConfirm={hide}
        />
      )}
      <div id={panelId} hidden={!open} className="mt-4">
        {open && (
          <ErrorBoundary
            fallback={(_error, reset) => (
              <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
                Could not load the notes.
                <Button size="sm" variant="outline" onClick={reset}>
                  Try again
                </Button>
              </div>
            )}
          >
            <Suspense fallback={<LoadingBlock label="Loading notes…" />}>
              <RoomNotesEditor
                roomId={roomId}
                user={user}
                autoFocus
                className="max-h-[70dvh] min-h-64"
                onUnsavedChange={setUnsaved}
              />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
    </section>
  );
}
