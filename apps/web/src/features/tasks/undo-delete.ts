import { dismissToast, toast } from '../../ui/toast';
import {
  commitDeletedTask,
  deleteTaskUndoably,
  undoDeleteTask,
  type DeletedTask,
  type Task,
} from './tasks-store';

/**
 * Deleting a task with a way back (docs/decisions/0064-undo-a-delete.md): the task leaves the list
 * at once, a toast 'Task deleted.' offers Undo for UNDO_MS, and the delete reaches the account's
 * other devices only when the toast goes without Undo (time, Dismiss, a newer delete, or the page
 * being left). Undo puts the task back with its id, fields and place, and no other device ever
 * lost it.
 */

/** How long Undo is offered. */
export const UNDO_MS = 5_000;
export const TASK_DELETED_MESSAGE = 'Task deleted.';

/** The toasts of the deletes whose Undo is still offered. */
const offered = new Map<DeletedTask, number>();

/**
 * Leaving the page ends every Undo: the deletes are released to the sync engine now. If the tab
 * closes before that is written, the held delete is still in the outbox and goes out when its
 * hold ends (another tab, or the next start).
 */
function endAll(): void {
  for (const id of [...offered.values()]) dismissToast(id);
}

export interface UndoHooks {
  /** After Undo put the task back (the page gives the keyboard to it). */
  onUndone?: (task: Task) => void;
}

/**
 * Deletes a task, offering Undo. False for an unknown id. Throws StorageWriteError when storage
 * refuses the write (nothing changed then).
 */
export function deleteTaskWithUndo(id: string, hooks: UndoHooks = {}): boolean {
  const deleted = deleteTaskUndoably(id);
  if (!deleted) return false;
  if (offered.size === 0) window.addEventListener('pagehide', endAll);
  const end = () => {
    offered.delete(deleted);
    if (offered.size === 0) window.removeEventListener('pagehide', endAll);
  };
  const toastId = toast(TASK_DELETED_MESSAGE, {
    // One Undo at a time: a newer delete replaces the toast, which commits the older delete.
    key: 'task-deleted',
    durationMs: UNDO_MS,
    // The Delete button went with its task: the keyboard lands on Undo, not on the page's start.
    focusAction: true,
    action: {
      label: 'Undo',
      run: () => {
        end();
        void undoDeleteTask(deleted).then(() => hooks.onUndone?.(deleted.task));
      },
    },
    onEnd: (how) => {
      if (how === 'action' || !offered.has(deleted)) return;
      end();
      commitDeletedTask(deleted);
    },
  });
  offered.set(deleted, toastId);
  return true;
}
