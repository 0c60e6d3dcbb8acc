import { useRef, type ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { ConfirmStep, useConfirmStep } from '../../../ui/confirm-step';
import { cn } from '../../../ui/cn';

/**
 * A note's or a file's Delete, in two steps: deleting cannot be undone (the data lives only in
 * this browser), so the card first asks. Escape or Cancel puts the keyboard back on Delete. Once
 * deleted, the card is gone, so the keyboard moves to the next card's title (or the one before,
 * or the list's heading when the list is now empty) instead of falling to the page's body.
 *
 * `actions` are the card's other buttons, hidden while the question shows.
 */
export function DeleteNoteAction({
  name,
  headingId,
  className,
  actions,
  onDelete,
}: {
  /** The note's title or the file's name, as the card shows it. */
  name: string;
  /** The id of the list's heading, the fallback focus target. */
  headingId: string;
  /** The Delete button's look (the card's action style). */
  className: string;
  actions: ReactNode;
  /** Deletes; false when the browser refused the write (the card then stays). */
  onDelete: () => boolean;
}) {
  const { confirming, ask, cancel, triggerRef } = useConfirmStep();
  const holder = useRef<HTMLDivElement>(null);

  const confirm = () => {
    const card = holder.current?.closest('li');
    const neighbour = card?.nextElementSibling ?? card?.previousElementSibling;
    const target =
      neighbour?.querySelector<HTMLElement>('[data-card-title]') ??
      document.getElementById(headingId);
    if (!onDelete()) {
      cancel();
      return;
    }
    requestAnimationFrame(() => target?.focus());
  };

  return (
    <div
      ref={holder}
      className="mt-auto pt-3"
      onKeyDown={(event) => {
        if (confirming && event.key === 'Escape') {
          event.stopPropagation();
          cancel();
        }
      }}
    >
      {confirming ? (
        <ConfirmStep
          look="box"
          label={`Confirm deleting ${name}`}
          question={
            <>
              Delete <strong className="font-semibold">{name}</strong>? This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          onConfirm={confirm}
          onCancel={cancel}
        />
      ) : (
        <div className="flex flex-wrap gap-1">
          {actions}
          <button
            ref={triggerRef}
            type="button"
            className={cn(className)}
            onClick={ask}
            aria-label={`Delete ${name}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
