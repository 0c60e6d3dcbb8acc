import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { roomIdOf } from '../storage/rooms-storage';
import { JoinByCodeForm } from './join-by-code-form';

export { joinErrorMessage } from './join-by-code-form';

/**
 * Join by code (docs/product.md §5.5) in a dialog: success opens the room's call
 * (/rooms/call/:roomId, the route for a join by code, docs/product.md §2.1) with the room in
 * navigation state, so the call does not load it again. A 24-hex id with no room in the answer
 * goes to the call too, which then loads the room itself.
 */
export function JoinRoomDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  // A new form each time the dialog opens: nothing typed or failed the last time stays.
  const [opened, setOpened] = useState(0);

  const change = (next: boolean) => {
    if (next) setOpened((n) => n + 1);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Join Room"
        description="Enter the code a classmate shared with you."
        className="max-w-md"
      >
        <JoinByCodeForm
          key={opened}
          onJoined={(joined) => {
            change(false);
            if ('room' in joined) {
              navigate(`/rooms/call/${encodeURIComponent(roomIdOf(joined.room))}`, {
                state: { room: joined.room },
              });
            } else navigate(`/rooms/call/${joined.roomId}`);
          }}
          actions={
            <Button variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
