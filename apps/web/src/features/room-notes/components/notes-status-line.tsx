import { AlertCircle, Loader2, WifiOff } from 'lucide-react';
import { ROOM_NOTES_MESSAGES } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { cn } from '../../../ui/cn';
import { notesStatusText, type NotesStatus } from '../lib/notes-status';

/**
 * Whether the room's notes are saved, in words (the line is read out and is the same in both
 * themes), and the message for an edit the server refused because the notes are at their size
 * limit (decision 0038): the edit is gone from the editor, so it must say so.
 */

export function NotesStatusLine({ status, dark }: { status: NotesStatus; dark: boolean }) {
  const text = notesStatusText(status);
  return (
    <p
      role="status"
      data-status={status}
      className={cn(
        'flex min-w-0 items-center gap-1.5 text-xs',
        dark ? 'text-slate-300' : 'text-slate-600',
      )}
    >
      {status === 'offline' ? (
        <WifiOff aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      ) : status === 'too-large' ? (
        <AlertCircle aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      ) : status === 'connecting' || status === 'saving' ? (
        <Loader2 aria-hidden="true" className="h-3.5 w-3.5 shrink-0 motion-safe:animate-spin" />
      ) : (
        <span
          aria-hidden="true"
          className={cn('h-2 w-2 shrink-0 rounded-full', dark ? 'bg-green-400' : 'bg-green-600')}
        />
      )}
      <span className="min-w-0">{text}</span>
    </p>
  );
}

/** Shown from a refused edit until a later edit is saved. */
export function NotesTooLarge() {
  return <Alert tone="error">{ROOM_NOTES_MESSAGES.tooLarge}</Alert>;
}
