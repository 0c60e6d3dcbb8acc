import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  Download,
  Eye,
  FileText,
  Image as ImageIcon,
  Pencil,
  Plus,
  StickyNote,
  Users,
} from 'lucide-react';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { pageClasses } from '../../../ui/page-width';
import { formatDay } from '../../../lib/dates';
import { StorageWriteError } from '../../../lib/storage';
import { readCachedRooms, roomIdOf, ShareWithRoomButton } from '../../rooms';
import { dataUrlToBlob } from '../file-data';
import { saveAs, withFileData } from '../file-on-demand';
import { needsReadMore } from '../note-rules';
import { useFileNotes, useTextNotes, type FileNote, type TextNote } from '../notes-store';
import { deleteNoteWithUndo } from '../undo-delete';
import { DeleteNoteAction } from '../components/delete-note-action';
import { NoteDialog } from '../components/note-dialog';
import { UploadArea } from '../components/upload-area';

/** The room the user came from (a room card's notes action passes { roomId }), if any. */
/** After Undo, the keyboard goes back to the restored card's Delete (the Undo button has gone). */
function focusRestored(id: string): void {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[data-delete-note="${CSS.escape(id)}"]`)?.focus(),
  );
}

function useFromRoom(): { id: string; name: string } | null {
  const state: unknown = useLocation().state;
  const id =
    state && typeof state === 'object' && 'roomId' in state
      ? (state as { roomId: unknown }).roomId
      : undefined;
  if (typeof id !== 'string' || !id) return null;
  const room = readCachedRooms().find((r) => roomIdOf(r) === id);
  return { id, name: room?.name ?? 'a study room' };
}

// Colour-free, so each action adds its own (cn does not resolve conflicting utilities).
const actionBase =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600';
const iconButton = cn(actionBase, 'text-slate-700 hover:bg-slate-100');

function FileCard({
  file,
  onPreview,
  onDownload,
  onDelete,
}: {
  file: FileNote;
  onPreview: (file: FileNote) => void;
  onDownload: (file: FileNote) => void;
  onDelete: (id: string) => void;
}) {
  const isImage = file.fileType.startsWith('image/');
  const isPdf = file.fileType === 'application/pdf';
  const Icon = isImage ? ImageIcon : FileText;
  return (
    <li className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h3
            data-card-title
            tabIndex={-1}
            className="font-medium break-all text-slate-900 focus:outline-2 focus:outline-brand-600"
          >
            {file.fileName}
          </h3>
          <p className="text-xs text-slate-600">
            {isPdf ? 'PDF' : isImage ? 'Image' : 'File'}
            {file.uploadedAt && ` • ${formatDay(file.uploadedAt)}`}
          </p>
        </div>
      </div>
      <DeleteNoteAction
        id={file.id}
        name={file.fileName}
        className={cn(actionBase, 'text-red-700 hover:bg-red-50')}
        onDelete={() => onDelete(file.id)}
        actions={
          <>
            {(isImage || isPdf) && (
              <button
                type="button"
                className={iconButton}
                onClick={() => onPreview(file)}
                aria-label={`Preview ${file.fileName}`}
              >
                <Eye aria-hidden="true" className="h-4 w-4" />
                Preview
              </button>
            )}
            {file.fileData ? (
              <a
                href={file.fileData}
                download={file.fileName}
                className={iconButton}
                aria-label={`Download ${file.fileName}`}
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                Download
              </a>
            ) : (
              // An account's file not yet on this device: fetched when asked for.
              <button
                type="button"
                className={iconButton}
                onClick={() => onDownload(file)}
                aria-label={`Download ${file.fileName}`}
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                Download
              </button>
            )}
            <ShareWithRoomButton
              target={{ kind: 'fileNote', id: file.id, name: file.fileName }}
              className={iconButton}
            />
          </>
        }
      />
    </li>
  );
}

function TextNoteCard({
  note,
  onEdit,
  onReadMore,
  onDelete,
}: {
  note: TextNote;
  onEdit: (note: TextNote) => void;
  onReadMore: (note: TextNote) => void;
  onDelete: (id: string) => void;
}) {
  return (
    <li className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3
        data-card-title
        tabIndex={-1}
        className="font-semibold break-words text-slate-900 focus:outline-2 focus:outline-brand-600"
      >
        {note.title}
      </h3>
      {note.uploadedAt && <p className="text-xs text-slate-600">{formatDay(note.uploadedAt)}</p>}
      <p className="mt-2 line-clamp-4 text-sm break-words whitespace-pre-wrap text-slate-700">
        {note.text}
      </p>
      <DeleteNoteAction
        id={note.id}
        name={note.title}
        className={cn(actionBase, 'text-red-700 hover:bg-red-50')}
        onDelete={() => onDelete(note.id)}
        actions={
          <>
            {needsReadMore(note.text) && (
              <button
                type="button"
                className={cn(actionBase, 'text-brand-700 hover:bg-brand-50')}
                onClick={() => onReadMore(note)}
                aria-label={`Read More: ${note.title}`}
              >
                Read More
              </button>
            )}
            <button
              type="button"
              className={iconButton}
              onClick={() => onEdit(note)}
              aria-label={`Edit ${note.title}`}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </button>
            <ShareWithRoomButton
              target={{ kind: 'textNote', id: note.id, name: note.title }}
              className={iconButton}
            />
          </>
        }
      />
    </li>
  );
}

/**
 * Notes (/dashboard/notes and /notes, docs/product.md §10.1): upload PNG, JPG and PDF files, keep
 * text notes, preview, download, edit and delete them. Everything lives in the browser
 * (notes-store).
 */
export function NotesPage() {
  const fromRoom = useFromRoom();
  const files = useFileNotes();
  const notes = useTextNotes();
  const [dialog, setDialog] = useState<{ note: TextNote | null } | null>(null);
  const [reading, setReading] = useState<TextNote | null>(null);
  const [previewing, setPreviewing] = useState<FileNote | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = (id: string) => {
    try {
      deleteNoteWithUndo(id, focusRestored);
      setError(null);
    } catch (err) {
      if (!(err instanceof StorageWriteError)) throw err;
      setError(err.message);
    }
  };

  // A file pulled from the account arrives without its bytes: they are fetched on first use.
  const fetched = async (file: FileNote): Promise<FileNote | null> => {
    try {
      const ready = await withFileData(file);
      setError(null);
      return ready;
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return null;
    }
  };

  const download = (file: FileNote) => {
    void fetched(file).then((ready) => ready && saveAs(ready.fileData, ready.fileName));
  };

  const preview = (file: FileNote) => {
    if (!file.fileData) {
      void fetched(file).then((ready) => ready && preview(ready));
      return;
    }
    if (file.fileType === 'application/pdf') {
      // A PDF opens in the browser's own viewer in a new tab; a blob: URL keeps it on this origin.
      const url = URL.createObjectURL(dataUrlToBlob(file.fileData, 'application/pdf'));
      window.open(url, '_blank', 'noopener');
      // The new tab has loaded it long before this; free the memory afterwards.
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return;
    }
    setPreviewing(file);
  };

  const newestFirst = <T,>(list: T[]) => [...list].reverse();

  return (
    <div className={pageClasses('wide')}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Notes</h1>
          <p className="mt-1 text-slate-600">Keep your text notes and study files in one place.</p>
        </div>
        <Button onClick={() => setDialog({ note: null })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          New Text Note
        </Button>
      </header>

      {fromRoom && (
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
          <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
          <p className="min-w-0 break-words">
            You came here from <strong>{fromRoom.name}</strong>.
          </p>
          <Link
            to={`/rooms/room/${encodeURIComponent(fromRoom.id)}`}
            className="font-medium text-brand-700 underline hover:text-brand-900"
          >
            Back to room
          </Link>
        </div>
      )}

      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}

      <div className="mt-6">
        <UploadArea />
      </div>

      <section aria-labelledby="files-heading" className="mt-8">
        <h2
          id="files-heading"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-2 focus:outline-brand-600"
        >
          My Files
        </h2>
        {files.length === 0 ? (
          <EmptyState look="section" className="mt-3">
            No files yet. Upload a PNG, JPG or PDF above.
          </EmptyState>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {newestFirst(files).map((file) => (
              <FileCard
                key={file.id}
                file={file}
                onPreview={preview}
                onDownload={download}
                onDelete={remove}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="text-notes-heading" className="mt-8">
        <h2
          id="text-notes-heading"
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-2 focus:outline-brand-600"
        >
          My Text Notes
        </h2>
        {notes.length === 0 ? (
          <EmptyState
            look="section"
            className="mt-3"
            icon={<StickyNote aria-hidden="true" className="h-8 w-8 text-slate-300" />}
          >
            No text notes yet.
          </EmptyState>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {newestFirst(notes).map((note) => (
              <TextNoteCard
                key={note.id}
                note={note}
                onEdit={(n) => setDialog({ note: n })}
                onReadMore={setReading}
                onDelete={remove}
              />
            ))}
          </ul>
        )}
      </section>

      <NoteDialog
        open={dialog !== null}
        note={dialog?.note ?? null}
        onClose={() => setDialog(null)}
      />

      <Dialog open={reading !== null} onOpenChange={(open) => !open && setReading(null)}>
        {reading && (
          <DialogContent title={reading.title} className="max-w-2xl">
            <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{reading.text}</p>
          </DialogContent>
        )}
      </Dialog>

      <Dialog open={previewing !== null} onOpenChange={(open) => !open && setPreviewing(null)}>
        {previewing && (
          <DialogContent title={previewing.fileName} className="max-w-3xl">
            <img
              src={previewing.fileData}
              alt={previewing.fileName}
              className="mx-auto max-h-[65vh] max-w-full rounded-lg object-contain"
            />
            <div className="mt-4 flex justify-end">
              <a
                href={previewing.fileData}
                download={previewing.fileName}
                className={buttonClasses('outline')}
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                Download
              </a>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
