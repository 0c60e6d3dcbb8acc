import type { Room } from '@studycircle/shared';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { useCreateRoom } from '../api/create-room';
import { NEW_ROOM_VALUES, RoomForm } from './room-form';

/**
 * Create Room: name and subject required, private by default, 50 members by default. The form
 * lives inside the dialog's content, which closing unmounts, so it opens blank every time.
 */
export function CreateRoomDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (room: Room) => void;
}) {
  const create = useCreateRoom();

  const change = (open: boolean) => {
    if (!open) create.reset();
    onOpenChange(open);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Create Room"
        description="Set up a study room and share its code with classmates."
      >
        <RoomForm
          mode="create"
          initial={NEW_ROOM_VALUES}
          idPrefix="create-room"
          failureMessage="Could not create the room. Please try again."
          onSubmit={(input) =>
            create.mutateAsync(input).then((room) => {
              change(false);
              onCreated(room);
            })
          }
          actions={
            <div className="flex justify-end gap-2 pt-2">
              <Button variant="outline" onClick={() => change(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create Room
              </Button>
            </div>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
