import { lazy, Suspense, useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { Eraser, Eye, FileImage, FileCode2, Loader2, X } from 'lucide-react';
import { WHITEBOARD_MESSAGES } from '@studycircle/shared/whiteboard';
import { ErrorBoundary } from '../../../ui/error-boundary';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { ConfirmStep, useConfirmStep } from '../../../ui/confirm-step';
import { toast } from '../../../ui/toast';
import { useResolvedTheme } from '../hooks/use-resolved-theme';
import { statusLabel, type BoardControls, type BoardState } from '../lib/board-status';
import { downloadBlob, exportFileName } from '../lib/download';

/**
 * The whiteboard with its bar: a title, how many shapes and who else is here, the save state in
 * words, Export PNG, Export SVG, Clear board for the room's owner and admins (asks first: it
 * deletes every shape for everyone) and Close (which asks first while shapes drawn here have not
 * reached the server: closing would lose them). The room page shows it full screen
 * (whiteboard-dialog.tsx), the call in its side column (whiteboard-call-panel.tsx). The drawing
 * surface is its own chunk, loaded when this mounts.
 */

const WhiteboardBoard = lazy(() => import('./whiteboard-board'));

export interface WhiteboardViewProps {
  roomId: string;
  /** For the exported files' names. */
  roomName?: string;
  headingId: string;
  onClose(): void;
  /** The heading, focused when the view opens. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The call's dark side column, or the page's own colours. */
  tone?: 'page' | 'call';
}

export function WhiteboardView({
  roomId,
  roomName,
  headingId,
  onClose,
  headingRef,
  tone = 'page',
}: WhiteboardViewProps) {
  const theme = useResolvedTheme();
  const [controls, setControls] = useState<BoardControls | null>(null);
  const [state, setState] = useState<BoardState>({ status: 'loading', shapes: 0, others: 0 });
  const [exporting, setExporting] = useState<'png' | 'svg' | null>(null);
  const onControls = useCallback((c: BoardControls | null) => setControls(c), []);
  const closing = useConfirmStep();
  const requestClose = () => (controls?.unsaved() ? closing.ask() : onClose());
  const clearing = useConfirmStep();
  const [clearBusy, setClearBusy] = useState(false);
  // After a clear the keyboard goes back to Clear board once it is drawn again: the step's own
  // hand-back (one animation frame later) can run before the busy page has drawn the button.
  const refocusClear = useRef(false);
  useEffect(() => {
    if (clearing.confirming || !refocusClear.current) return;
    refocusClear.current = false;
    clearing.triggerRef.current?.focus();
  }, [clearing.confirming, clearing.triggerRef]);

  const clearBoard = async () => {
    if (!controls) return;
    setClearBusy(true);
    try {
      const ack = await controls.clear();
      if (!ack.ok) toast(ack.message, { tone: 'error' });
    } catch {
      toast('Could not clear the whiteboard. Please try again.', { tone: 'error' });
    } finally {
      setClearBusy(false);
      refocusClear.current = true;
      clearing.cancel();
    }
  };

  const exportAs = async (kind: 'png' | 'svg') => {
    if (!controls) return;
    setExporting(kind);
    try {
      const blob = kind === 'png' ? await controls.exportPng() : await controls.exportSvg();
      downloadBlob(blob, exportFileName(roomName, kind));
    } catch {
      toast('Could not export the whiteboard. Please try again.', { tone: 'error' });
    } finally {
      setExporting(null);
    }
  };

  const call = tone === 'call';
  const canExport = controls !== null && state.shapes > 0;
  const summary = `${state.shapes === 1 ? '1 shape' : `${state.shapes} shapes`}${
    state.others > 0
      ? ` · ${state.others === 1 ? '1 other here' : `${state.others} others here`}`
      : ''
  }`;

  return (
    <div className="flex h-full min-h-0 flex-col">
      {/* Escape on the bar closes the board; on the canvas it stays Excalidraw's. */}
      <div
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            requestClose();
          }
        }}
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2',
          call ? 'border-slate-800 bg-slate-900 text-white' : 'border-slate-200 bg-white',
        )}
      >
        {/* At least 10rem for the title: on a phone the buttons wrap below it instead. */}
        <div className="min-w-0 grow basis-40">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className={cn(
              'truncate text-base font-semibold focus:outline-2 focus:outline-brand-600',
              call ? 'text-white' : 'text-slate-900',
            )}
          >
            Whiteboard
          </h2>
          <p className={cn('truncate text-xs', call ? 'text-slate-300' : 'text-slate-600')}>
            <span data-testid="whiteboard-shapes">{summary}</span>
            {' · '}
            <span role="status" data-testid="whiteboard-status">
              {statusLabel(state.status)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {controls && (state.people?.length ?? 0) > 0 && (
            <label className="flex items-center gap-1.5 text-sm">
              <Eye aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span className="sr-only sm:not-sr-only">Follow</span>
              <select
                aria-label="Follow a view"
                value={state.following ?? ''}
                onChange={(e) => controls.follow(e.target.value || null)}
                className={cn(
                  'max-w-[10rem] rounded-lg border px-2 py-1 text-sm',
                  call
                    ? 'border-slate-700 bg-slate-800 text-white'
                    : 'border-slate-300 bg-white text-slate-900',
                )}
              >
                <option value="">No one</option>
                {state.people!.map((person) => (
                  <option key={person.socketId} value={person.socketId}>
                    {person.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button
            size="sm"
            variant={call ? 'secondary' : 'outline'}
            disabled={!canExport}
            loading={exporting === 'png'}
            onClick={() => void exportAs('png')}
          >
            <FileImage aria-hidden="true" className="h-4 w-4" />
            Export PNG
          </Button>
          <Button
            size="sm"
            variant={call ? 'secondary' : 'outline'}
            disabled={!canExport}
            loading={exporting === 'svg'}
            onClick={() => void exportAs('svg')}
          >
            <FileCode2 aria-hidden="true" className="h-4 w-4" />
            Export SVG
          </Button>
          {state.canClear && !clearing.confirming && !closing.confirming && (
            <Button
              ref={clearing.triggerRef}
              size="sm"
              variant={call ? 'secondary' : 'outline'}
              // Not disabled on an empty board: the keyboard comes back here after clearing.
              disabled={!controls}
              onClick={clearing.ask}
            >
              <Eraser aria-hidden="true" className="h-4 w-4" />
              Clear board
            </Button>
          )}
          {!closing.confirming && (
            <Button
              ref={closing.triggerRef}
              size="sm"
              variant={call ? 'secondary' : 'primary'}
              onClick={requestClose}
              aria-label="Close whiteboard"
            >
              <X aria-hidden="true" className="h-4 w-4" />
              Close
            </Button>
          )}
        </div>
        {clearing.confirming && (
          <ConfirmStep
            look="box"
            className="w-full"
            label="Confirm clearing the whiteboard"
            question={WHITEBOARD_MESSAGES.clearConfirm}
            confirmLabel="Clear for everyone"
            pending={clearBusy}
            onCancel={clearing.cancel}
            onConfirm={() => void clearBoard()}
          />
        )}
        {closing.confirming && (
          <ConfirmStep
            look="box"
            className="w-full"
            label="Confirm closing the whiteboard"
            question={WHITEBOARD_MESSAGES.unsavedOnClose}
            confirmLabel="Close and lose it"
            onCancel={closing.cancel}
            onConfirm={onClose}
          />
        )}
      </div>
      {/* Excalidraw fills its parent: the parent must have a size. */}
      <div className="relative min-h-0 flex-1">
        <ErrorBoundary
          fallback={(_error, reset) => (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
              <p className={call ? 'text-slate-200' : 'text-slate-700'}>
                The whiteboard could not be loaded.
              </p>
              <Button variant="outline" onClick={reset}>
                Try again
              </Button>
            </div>
          )}
        >
          <Suspense
            fallback={
              <p
                role="status"
                className={cn(
                  'flex h-full items-center justify-center gap-2 text-sm',
                  call ? 'text-slate-300' : 'text-slate-600',
                )}
              >
                <Loader2 aria-hidden="true" className="h-4 w-4 motion-safe:animate-spin" />
                Loading the whiteboard…
              </p>
            }
          >
            <WhiteboardBoard
              roomId={roomId}
              theme={theme}
              headingId={headingId}
              onControls={onControls}
              onState={setState}
            />
          </Suspense>
        </ErrorBoundary>
      </div>
    </div>
  );
}
