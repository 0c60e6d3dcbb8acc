import { useState } from 'react';
import { Link } from 'react-router';
import {
  Download,
  ExternalLink,
  Eye,
  FileText,
  Image as ImageIcon,
  Link2,
  StickyNote,
  Trash2,
} from 'lucide-react';
import { WORKSPACE_MESSAGES, type RoomRole, type WorkspaceItem } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { relativeTime, formatDateTime } from '../../../lib/dates';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { LoadingBlock } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { getWorkspaceFile } from '../api/get-workspace-file';
import { useWorkspace } from '../api/get-workspace';
import { useUnshareWorkspaceItem } from '../api/unshare-workspace-item';
import { useRemovalWithUndo } from '../hooks/use-removal-with-undo';
import { useWorkspaceEvents } from '../hooks/use-workspace-events';
import { RoomFiles } from './room-files';

/** Only http(s) links are ever opened (docs/product.md §12.2); anything else shows as text. */
export function safeLink(link: string): string | undefined {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function titleOf(item: WorkspaceItem): string {
  if (item.kind === 'fileNote') return item.data.fileName;
  return item.data.title || 'Untitled Note';
}

const KIND_LABEL = { textNote: 'Note', fileNote: 'File', resource: 'Link' } as const;

/** The blob's bytes saved under the file's name, or shown (a PDF in the browser's viewer). */
function useFileActions(roomId: string) {
  const [busy, setBusy] = useState<string | null>(null);
  // The button that asked: it is busy (disabled) while the file loads, so the dialog cannot
  // take it as its opener by itself; closing the preview hands the keyboard back to it.
  const [preview, setPreview] = useState<{
    url: string;
    name: string;
    opener: HTMLElement | null;
  } | null>(null);

  const run = async (item: WorkspaceItem, mode: 'open' | 'download', opener?: HTMLElement) => {
    if (item.kind !== 'fileNote') return;
    setBusy(`${item.id}:${mode}`);
    try {
      const blob = await getWorkspaceFile(roomId, item.id);
      const url = URL.createObjectURL(blob);
      if (mode === 'download') {
        const a = document.createElement('a');
        a.href = url;
        a.download = item.data.fileName;
        a.click();
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else if (blob.type === 'application/pdf') {
        // The browser's own PDF viewer in a new tab; the blob's type is the server's verdict.
        window.open(url, '_blank', 'noopener');
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        setPreview({ url, name: item.data.fileName, opener: opener ?? null });
      }
    } catch (err) {
      toast(errorMessage(err, 'Could not open the file. Please try again.'), { tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const closePreview = () => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };
  return { busy, run, preview, closePreview };
}

function UnshareButton({ item, onRemove }: { item: WorkspaceItem; onRemove: () => void }) {
  const title = titleOf(item);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-700 hover:bg-red-50"
      onClick={onRemove}
      data-unshare={item.id}
      aria-label={`Remove ${title} from the workspace`}
    >
      <Trash2 aria-hidden="true" className="h-4 w-4" />
      Remove
    </Button>
  );
}

/**
 * The room's Workspace (docs/product.md §5.13): the notes, files and links its members shared,
 * with who shared each and when, newest first; live while the room is open. A text note opens in
 * a read view, a file opens or downloads, a link opens in a new tab. The sharer, the owner and
 * admins may remove an item. Members only: the page renders it for members.
 */
export function WorkspaceSection({
  roomId,
  userId,
  role,
}: {
  roomId: string;
  userId: string | null;
  role: RoomRole;
}) {
  const workspace = useWorkspace(roomId);
  useWorkspaceEvents(roomId, true);
  const files = useFileActions(roomId);
  const [reading, setReading] = useState<Extract<WorkspaceItem, { kind: 'textNote' }> | null>(null);
  const headingId = 'workspace-title';
  const manages = role === 'owner' || role === 'admin';
  const unshare = useUnshareWorkspaceItem(roomId);
  // Remove hides the item at once with Undo; the owner keeps the record either way.
  const { held, removeWithUndo } = useRemovalWithUndo({
    message: WORKSPACE_MESSAGES.unshared,
    key: 'workspace-item-removed',
    buttonAttribute: 'data-unshare',
    remove: (id) => unshare.mutateAsync(id),
  });
  const shown = (workspace.data ?? []).filter((item) => !held.has(item.id));

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-2 focus:outline-brand-600"
        >
          Workspace
        </h2>
        <p className="text-sm text-slate-600">
          Notes, files and links members shared with this room.
        </p>
      </div>

      <RoomFiles roomId={roomId} userId={userId} role={role} />

      {workspace.isPending ? (
        <LoadingBlock label="Loading the workspace…" />
      ) : workspace.isError ? (
        <Alert tone="error">{errorMessage(workspace.error, WORKSPACE_MESSAGES.loadFailed)}</Alert>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          Nothing shared yet. Share a note from{' '}
          <Link to="/dashboard/notes" className="font-medium text-brand-700 underline">
            Notes
          </Link>{' '}
          or a link from{' '}
          <Link to="/resources" className="font-medium text-brand-700 underline">
            Resources
          </Link>
          .
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {shown.map((item) => {
            const title = titleOf(item);
            const Icon =
              item.kind === 'textNote'
                ? StickyNote
                : item.kind === 'resource'
                  ? Link2
                  : item.data.fileType.startsWith('image/')
                    ? ImageIcon
                    : FileText;
            const link = item.kind === 'resource' ? safeLink(item.data.link) : undefined;
            return (
              <li key={item.id} className="flex min-w-0 flex-col gap-2 p-3 sm:p-4">
                <div className="flex min-w-0 items-start gap-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="h-5 w-5" />
                  </span>
                  <div className="min-w-0">
                    <h3 className="font-medium [overflow-wrap:anywhere] text-slate-900">{title}</h3>
                    <p className="text-xs text-slate-600">
                      {KIND_LABEL[item.kind]} • Shared by {item.sharedBy.name} •{' '}
                      <time dateTime={item.sharedAt} title={formatDateTime(item.sharedAt)}>
                        {relativeTime(Date.parse(item.sharedAt))}
                      </time>
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap items-center gap-2 sm:pl-12">
                  {item.kind === 'textNote' && (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setReading(item)}
                      aria-label={`Read ${title}`}
                    >
                      <Eye aria-hidden="true" className="h-4 w-4" />
                      Read
                    </Button>
                  )}
                  {item.kind === 'fileNote' && (
                    <>
                      <Button
                        variant="outline"
                        size="sm"
                        loading={files.busy === `${item.id}:open`}
                        onClick={(event) => void files.run(item, 'open', event.currentTarget)}
                        aria-label={`Open ${title}`}
                      >
                        <Eye aria-hidden="true" className="h-4 w-4" />
                        Open
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        loading={files.busy === `${item.id}:download`}
                        onClick={() => void files.run(item, 'download')}
                        aria-label={`Download ${title}`}
                      >
                        <Download aria-hidden="true" className="h-4 w-4" />
                        Download
                      </Button>
                    </>
                  )}
                  {item.kind === 'resource' && link && (
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses('outline', 'sm')}
                      aria-label={`Open ${title} (new tab)`}
                    >
                      <ExternalLink aria-hidden="true" className="h-4 w-4" />
                      Open
                    </a>
                  )}
                  {(manages || item.sharedBy.id === userId) && (
                    <UnshareButton item={item} onRemove={() => removeWithUndo(item.id)} />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Dialog open={reading !== null} onOpenChange={(open) => !open && setReading(null)}>
        {reading && (
          <DialogContent
            title={titleOf(reading)}
            description={`Shared by ${reading.sharedBy.name}`}
            className="max-w-2xl"
          >
            <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
              {reading.data.text}
            </p>
          </DialogContent>
        )}
      </Dialog>

      <Dialog open={files.preview !== null} onOpenChange={(open) => !open && files.closePreview()}>
        {files.preview && (
          <DialogContent
            title={files.preview.name}
            className="max-w-3xl"
            returnFocus={() => files.preview?.opener}
          >
            <img
              src={files.preview.url}
              alt={files.preview.name}
              className="mx-auto max-h-[65vh] max-w-full rounded-lg object-contain"
            />
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}
