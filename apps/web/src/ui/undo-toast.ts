import { dismissToast, toast } from './toast';

/**
 * A toast that offers Undo after a delete (docs/decisions/0064-undo-a-delete.md): shown for
 * UNDO_MS, with the keyboard on its Undo button (the Delete button went with what it deleted).
 * `undo` runs when Undo is pressed; `commit` runs once when the toast goes any other way: its time,
 * Dismiss, a newer offer with the same key replacing it, or the page being left (pagehide).
 */

/** How long Undo is offered. */
export const UNDO_MS = 5_000;

export interface UndoOffer {
  message: string;
  /** One Undo at a time per kind: a newer offer with this key commits the older. */
  key: string;
  undo: () => void;
  commit: () => void;
}

/** The toasts of the offers still open. */
const open = new Map<UndoOffer, number>();

/** Leaving the page ends every offer, so every held delete is committed. */
function endAll(): void {
  for (const id of [...open.values()]) dismissToast(id);
}

export function offerUndo(offer: UndoOffer): void {
  if (open.size === 0) window.addEventListener('pagehide', endAll);
  const end = () => {
    open.delete(offer);
    if (open.size === 0) window.removeEventListener('pagehide', endAll);
  };
  const id = toast(offer.message, {
    key: offer.key,
    durationMs: UNDO_MS,
    focusAction: true,
    action: {
      label: 'Undo',
      run: () => {
        end();
        offer.undo();
      },
    },
    onEnd: (how) => {
      if (how === 'action' || !open.has(offer)) return;
      end();
      offer.commit();
    },
  });
  open.set(offer, id);
}
