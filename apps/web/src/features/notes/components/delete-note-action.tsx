import type { ReactNode } from 'react';
import { Trash2 } from 'lucide-react';
import { cn } from '../../../ui/cn';

/**
 * A note's or a file's Delete, beside the card's other buttons. It deletes at once and the toast
 * that follows offers Undo, with the keyboard on it (docs/decisions/0064-undo-a-delete.md); after
 * Undo the keyboard comes back to this button (`data-delete-note`).
 */
export function DeleteNoteAction({
  id,
  name,
  className,
  actions,
  onDelete,
}: {
  /** The note's or file's id, by which Undo finds this button again. */
  id: string;
  /** The note's title or the file's name, as the card shows it. */
  name: string;
  /** The Delete button's look (the card's action style). */
  className: string;
  actions: ReactNode;
  onDelete: () => void;
}) {
  return (
    <div className="mt-auto flex flex-wrap gap-1 pt-3">
      {actions}
      <button
        type="button"
        className={cn(className)}
        onClick={onDelete}
        data-delete-note={id}
        aria-label={`Delete ${name}`}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </button>
    </div>
  );
}
