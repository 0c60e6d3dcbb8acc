import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field, inputClasses } from '../../../ui/field';
import { StorageWriteError } from '../../../lib/storage';
import { saveTextNote, type TextNote } from '../notes-store';

/**
 * The add/edit dialog (docs/product.md §10.4). Saving a new note appends it; saving an
 * existing one replaces its title and text. If the browser refuses the write (storage full) the
 * dialog stays open with the text in it, so nothing typed is lost.
 */
export function NoteDialog({
  open,
  note,
  onClose,
}: {
  open: boolean;
  /** The note being edited, or null to add one. */
  note: TextNote | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent title={note ? 'Edit Note' : 'New Text Note'}>
          <NoteForm key={note?.id ?? 'new'} note={note} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function NoteForm({ note, onDone }: { note: TextNote | null; onDone: () => void }) {
  const [title, setTitle] = useState(note?.title ?? '');
  const [text, setText] = useState(note?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const bodyId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    try {
      // docs/product.md §10.3: with neither a title nor a body nothing happens.
      const saved = saveTextNote({ id: note?.id, title, text });
      if (saved) onDone();
    } catch (err) {
      if (!(err instanceof StorageWriteError)) throw err;
      setError(err.message);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field
        label="Title"
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        placeholder="Leave empty to use the start of the note"
        maxLength={200}
        autoComplete="off"
      />
      <div className="space-y-1.5">
        <label htmlFor={bodyId} className="block text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea
          id={bodyId}
          name="text"
          required
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={20_000}
          className={inputClasses}
        />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit">{note ? 'Save Changes' : 'Save Note'}</Button>
      </div>
    </form>
  );
}
