import { offerUndo } from '../../ui/undo-toast';
import { commitDeletedNote, deleteNoteUndoably, undoDeleteNote } from './notes-store';

/**
 * Deleting a note or a file with a way back (docs/decisions/0064-undo-a-delete.md), as tasks do:
 * it leaves the list at once, a toast offers Undo for 5 s, and the delete reaches the account's
 * other devices only when the toast goes without Undo.
 */

export const NOTE_DELETED_MESSAGE = 'Note deleted.';
export const FILE_DELETED_MESSAGE = 'File deleted.';

/**
 * Deletes a note or a file, offering Undo; `onUndone` gets its id once it is back. False for an
 * unknown id. Throws StorageWriteError when storage refuses the write (nothing changed then).
 */
export function deleteNoteWithUndo(id: string, onUndone?: (id: string) => void): boolean {
  const deleted = deleteNoteUndoably(id);
  if (!deleted) return false;
  offerUndo({
    message: deleted.kind === 'textNote' ? NOTE_DELETED_MESSAGE : FILE_DELETED_MESSAGE,
    key: 'note-deleted',
    undo: () => void undoDeleteNote(deleted).then(() => onUndone?.(id)),
    commit: () => commitDeletedNote(deleted),
  });
  return true;
}
