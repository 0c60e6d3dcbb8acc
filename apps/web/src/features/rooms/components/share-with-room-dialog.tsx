import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Share2 } from 'lucide-react';
import type { WorkspaceKind } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog, DialogClose, DialogContent } from '../../../ui/dialog';
import { inputClasses } from '../../../ui/field';
import { LoadingBlock } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useMyRooms } from '../api/get-my-rooms';
import { useShareWithRoom } from '../api/share-with-room';
import { roomIdOf } from '../storage/rooms-storage';

export interface ShareTarget {
  kind: WorkspaceKind;
  /** The record's id, the same in this browser and on the server once synced. */
  id: string;
  /** The note's title, the file's name or the resource's title, as its card shows it. */
  name: string;
}

/**
 * "Share with a room" (docs/product.md §5.13): choose one of the student's rooms and put the note,
 * file or link in its workspace. Focus returns to the button that opened it (the dialog
 * remembers its opener). The server decides: a record not synced to the account yet, or a room
 * the student has left, is refused with a sentence shown here.
 */
export function ShareWithRoomDialog({
  target,
  open,
  onOpenChange,
}: {
  target: ShareTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const rooms = useMyRooms(open);
  const share = useShareWithRoom();
  const [roomId, setRoomId] = useState('');
  const selectId = useId();
  const list = rooms.data ?? [];
  const chosen = roomId || (list[0] ? roomIdOf(list[0]) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    const room = list.find((r) => roomIdOf(r) === chosen);
    share.mutate(
      { roomId: chosen, input: { kind: target.kind, id: target.id } },
      {
        onSuccess: () => {
          toast(`Shared with ${room?.name ?? 'the room'}.`, { tone: 'success' });
          onOpenChange(false);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) share.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Share with a room"
        description={`Members of the room you choose will see “${target.name}” in its workspace.`}
      >
        {rooms.isPending ? (
          <LoadingBlock label="Loading your rooms…" />
        ) : rooms.isError ? (
          <Alert tone="error">{errorMessage(rooms.error, 'Could not load your rooms.')}</Alert>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-700">
            You are not in any room yet.{' '}
            <Link to="/dashboard/rooms" className="font-medium text-brand-700 underline">
              Find or create a room
            </Link>{' '}
            first.
          </p>
        ) : (
          <form onSubmit={submit} className="space-y-4">
            <div className="space-y-1.5">
              <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
                Room
              </label>
              <select
                id={selectId}
                className={cn(inputClasses, 'truncate')}
                value={chosen}
                onChange={(event) => {
                  setRoomId(event.target.value);
                  share.reset();
                }}
              >
                {list.map((room) => (
                  <option key={roomIdOf(room)} value={roomIdOf(room)}>
                    {room.name}
                  </option>
                ))}
              </select>
            </div>
            {share.isError && (
              <Alert tone="error">
                {errorMessage(share.error, 'Could not share it. Please try again.')}
              </Alert>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" loading={share.isPending}>
                <Share2 aria-hidden="true" className="h-4 w-4" />
                Share
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The action on a note, file or resource card: opens the dialog. Only for signed-in students
 * (the caller renders it for them alone); `className` gives it the card's action look.
 */
export function ShareWithRoomButton({
  target,
  className,
}: {
  target: ShareTarget;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={`Share ${target.name} with a room`}
      >
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share
      </button>
      <ShareWithRoomDialog target={target} open={open} onOpenChange={setOpen} />
    </>
  );
}
