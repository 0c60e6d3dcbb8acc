import { useRef, useState } from 'react';
import { Download, FileText, Trash2, Upload, X } from 'lucide-react';
import {
  ROOM_FILE_LIMITS,
  ROOM_FILE_MESSAGES,
  roomFileTypeLabel,
  type RoomFile,
  type RoomRole,
} from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { formatDateTime, relativeTime } from '../../../lib/dates';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useDeleteRoomFile } from '../api/delete-room-file';
import { getRoomFile } from '../api/get-room-file';
import { useRoomFiles } from '../api/get-room-files';
import { useUploadRoomFile } from '../api/upload-room-file';
import { useRemovalWithUndo } from '../hooks/use-removal-with-undo';

/**
 * Room files in the Workspace (decision 0074): "Share a file" uploads a file of up to 25 MB
 * straight to the room with a progress bar and a Cancel button, the server's sentence shown on a
 * refusal; the list shows each file's name, type, size and who shared it, with Download, and
 * Remove for the uploader, the owner and admins. Names are text, never markup.
 *
 * Remove hides the file at once and offers Undo for 5 s (docs/decisions/0064-undo-a-delete.md);
 * the file is deleted on the server only when the toast goes without Undo, since its bytes
 * cannot come back once deleted.
 */

export const ROOM_FILE_REMOVED_MESSAGE = 'File removed from the room.';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function ShareFileButton({ roomId }: { roomId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadRoomFile(roomId);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = (file: File) => {
    setError(null);
    // Said at once rather than after sending 25 MB; the server checks again.
    if (file.size > ROOM_FILE_LIMITS.maxBytes) {
      setError(ROOM_FILE_MESSAGES.tooLarge);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ name: file.name, percent: 0 });
    upload.mutate(
      {
        file,
        signal: controller.signal,
        onProgress: (sent, total) =>
          setProgress({ name: file.name, percent: total ? Math.floor((sent / total) * 100) : 0 }),
      },
      {
        onSuccess: () => toast('Shared with the room.', { tone: 'success' }),
        onError: (err) => {
          if (err instanceof DOMException && err.name === 'AbortError') return;
          setError(errorMessage(err, ROOM_FILE_MESSAGES.uploadFailed));
        },
        onSettled: () => {
          abort.current = null;
          setProgress(null);
        },
      },
    );
  };

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again still starts an upload.
          event.currentTarget.value = '';
          if (file) start(file);
        }}
      />
      {progress ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3">
          <label className="min-w-0 flex-1 text-sm text-slate-700">
            <span className="block [overflow-wrap:anywhere]">Uploading {progress.name}</span>
            <progress
              className="mt-1 h-2 w-full"
              max={100}
              value={progress.percent}
              aria-valuetext={`${progress.percent}%`}
            />
          </label>
          <span className="text-sm text-slate-700 tabular-nums" aria-live="polite">
            {progress.percent}%
          </span>
          <Button variant="outline" size="sm" onClick={() => abort.current?.abort()}>
            <X aria-hidden="true" className="h-4 w-4" />
            Cancel upload
          </Button>
        </div>
      ) : (
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          Share a file
        </Button>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <p className="text-xs text-slate-600">
        PDF, images, Word, Excel, PowerPoint, OpenDocument or text, under 25 MB.
      </p>
    </div>
  );
}

function RoomFileRow({
  roomId,
  file,
  mayRemove,
  onRemove,
}: {
  roomId: string;
  file: RoomFile;
  mayRemove: boolean;
  onRemove: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // The bytes need the bearer header, so a plain link cannot fetch them.
      const blob = await getRoomFile(roomId, file.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = file.fileName;
      a.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      toast(errorMessage(err, 'Could not download the file. Please try again.'), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex min-w-0 flex-col gap-2 p-3 sm:p-4">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <FileText aria-hidden="true" className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h3 className="font-medium [overflow-wrap:anywhere] text-slate-900">{file.fileName}</h3>
          <p className="text-xs text-slate-600">
            {roomFileTypeLabel(file.fileType)} • {formatSize(file.size)} • Shared by{' '}
            {file.sharedBy.name} •{' '}
            <time dateTime={file.sharedAt} title={formatDateTime(file.sharedAt)}>
              {relativeTime(Date.parse(file.sharedAt))}
            </time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:pl-12">
        <Button
          variant="outline"
          size="sm"
          loading={busy}
          onClick={() => void download()}
          aria-label={`Download ${file.fileName}`}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </Button>
        {mayRemove && (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700 hover:bg-red-50"
            onClick={onRemove}
            data-remove-room-file={file.id}
            aria-label={`Remove ${file.fileName} from the room`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}

export function RoomFiles({
  roomId,
  userId,
  role,
}: {
  roomId: string;
  userId: string | null;
  role: RoomRole;
}) {
  const files = useRoomFiles(roomId);
  const remove = useDeleteRoomFile(roomId);
  const { held, removeWithUndo } = useRemovalWithUndo({
    message: ROOM_FILE_REMOVED_MESSAGE,
    key: 'room-file-removed',
    buttonAttribute: 'data-remove-room-file',
    remove: (id) => remove.mutateAsync(id),
  });
  const shown = (files.data ?? []).filter((file) => !held.has(file.id));
  const manages = role === 'owner' || role === 'admin';
  return (
    <div className="space-y-3">
      <ShareFileButton roomId={roomId} />
      {files.isError ? (
        <Alert tone="error">{errorMessage(files.error, 'Could not load the room files.')}</Alert>
      ) : shown.length > 0 ? (
        <ul
          aria-label="Room files"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200"
        >
          {shown.map((file) => (
            <RoomFileRow
              key={file.id}
              roomId={roomId}
              file={file}
              mayRemove={manages || file.sharedBy.id === userId}
              onRemove={() => removeWithUndo(file.id)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
