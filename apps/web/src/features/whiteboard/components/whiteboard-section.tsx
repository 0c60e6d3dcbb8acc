import { lazy, Suspense, useRef, useState } from 'react';
import { PencilRuler } from 'lucide-react';
import { Button } from '../../../ui/button';
import { ErrorBoundary } from '../../../ui/error-boundary';

/**
 * The room page's whiteboard section (members only): what it is, and a button that opens the
 * board full screen. Nothing of the board loads until then; closing it gives focus back to the
 * button.
 */

const WhiteboardDialog = lazy(() => import('./whiteboard-dialog'));

export function WhiteboardSection({ roomId, roomName }: { roomId: string; roomName?: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // After the dialog is gone from the page.
    window.setTimeout(() => opener.current?.focus(), 0);
  };
  return (
    <section
      aria-labelledby="room-whiteboard-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="room-whiteboard-title" className="text-lg font-semibold text-slate-900">
          Whiteboard
        </h2>
        <p className="text-sm text-slate-600">
          Draw together: every member sees each stroke as it happens, and the board stays for the
          next visit.
        </p>
      </div>
      <Button
        ref={opener}
        variant="secondary"
        className="shrink-0"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <PencilRuler aria-hidden="true" className="h-4 w-4" />
        Open whiteboard
      </Button>
      {open && (
        // A board whose code fails to download (offline) says so here, not over the whole page.
        <ErrorBoundary
          fallback={() => (
            <p role="alert" className="text-sm text-red-700">
              The whiteboard could not load. Reload the page to try again.
            </p>
          )}
        >
          <Suspense fallback={null}>
            <WhiteboardDialog roomId={roomId} roomName={roomName} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </section>
  );
}
