import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../ui/toast';
import { offerUndo } from '../../../ui/undo-toast';

export interface RemovalWithUndo {
  /** The toast's words. */
  message: string;
  /** One Undo at a time per kind: a newer removal sends the older (ui/undo-toast). */
  key: string;
  /** The attribute its Remove button carries with the item's id: Undo gives it the keyboard back. */
  buttonAttribute: string;
  /** Removes it on the server, once the Undo has passed. */
  remove: (id: string) => Promise<unknown>;
}

/**
 * A room list's Remove with a way back (docs/decisions/0064-undo-a-delete.md): the item is hidden
 * here at once and a toast offers Undo for 5 s; the server hears of it only when the toast goes
 * without Undo (time, Dismiss, a newer removal, the page being left). A refusal then brings the
 * item back with the server's reason.
 */
export function useRemovalWithUndo({ message, key, buttonAttribute, remove }: RemovalWithUndo) {
  /** Ids removed here whose Undo is still offered: hidden, not yet removed on the server. */
  const [held, setHeld] = useState<ReadonlySet<string>>(new Set());
  const hold = (id: string, on: boolean) =>
    setHeld((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const removeWithUndo = (id: string) => {
    hold(id, true);
    offerUndo({
      message,
      key,
      undo: () => {
        hold(id, false);
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`[${buttonAttribute}="${CSS.escape(id)}"]`)?.focus(),
        );
      },
      // Through the promise: the room's own push may unmount the list before the reply.
      commit: () =>
        void remove(id).catch((err: unknown) => {
          hold(id, false);
          toast(errorMessage(err, 'Could not remove it. Please try again.'), { tone: 'error' });
        }),
    });
  };
  return { held, removeWithUndo };
}
