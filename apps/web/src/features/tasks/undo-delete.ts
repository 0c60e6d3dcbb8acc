import { offerUndo } from '../../ui/undo-toast';
import { commitDeletedTask, deleteTaskUndoably, undoDeleteTask, type Task } from './tasks-store';

/**
 * Deleting a task with a way back (docs/decisions/0064-undo-a-delete.md): the task leaves the list
 * at once, a toast 'Task deleted.' offers Undo for 5 s (ui/undo-toast), and the delete reaches the
 * account's other devices only when the toast goes without Undo (time, Dismiss, a newer delete, or
 * the page being left). Undo puts the task back with its id, fields and place, and no other device
 * ever lost it.
 */

export { UNDO_MS } from '../../ui/undo-toast';
export const TASK_DELETED_MESSAGE = 'Task deleted.';

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
  offerUndo({
    message: TASK_DELETED_MESSAGE,
    key: 'task-deleted',
    undo: () => void undoDeleteTask(deleted).then(() => hooks.onUndone?.(deleted.task)),
    commit: () => commitDeletedTask(deleted),
  });
  return true;
}
