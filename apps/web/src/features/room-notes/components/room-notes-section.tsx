import { lazy, Suspense, useId, useState } from 'react';
import { ChevronDown, NotepadText } from 'lucide-react';
import { ROOM_NOTES_MESSAGES } from '@studycircle/shared';
import { Button } from '../../../ui/button';
import { ErrorBoundary } from '../../../ui/error-boundary';
import { LoadingBlock } from '../../../ui/spinner';
import { cn } from '../../../ui/cn';
import type { NotesUser } from '../hooks/use-notes-connection';

/** The editor and everything it needs (Tiptap, Yjs, the provider): fetched when first opened. */
const RoomNotesEditor = lazy(() => import('./room-notes-editor'));

/**
 * The room page's "Room notes" section (docs/product.md §5.15): what it is and an Open notes
 * button; the editor loads and connects only once opened, so a room page visit costs nothing
 * until then. Members only: the page renders it for members.
 */
export default function RoomNotesSection({ roomId, user }: { roomId: string; user: NotesUser }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const panelId = useId();
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
          variant={open ? 'secondary' : 'outline'}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide notes' : 'Open notes'}
          <ChevronDown
            aria-hidden="true"
            className={cn('h-4 w-4 motion-safe:transition-transform', open && 'rotate-180')}
          />
        </Button>
      </div>
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
              />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
    </section>
  );
}
