import { useState } from 'react';
import { LogOut } from 'lucide-react';
import type { Room } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useLeaveRoom } from '../api/leave-room';
import { roomIdOf } from '../storage/rooms-storage';

/**
 * Leave Room, with a confirmation step, for members and admins (an owner deletes the room
 * instead). Leaving is undone only by joining again with the code, so it is never one click.
 */
export function LeaveRoomButton({ room, onLeft }: { room: Room; onLeft: () => void }) {
  const leave = useLeaveRoom();
  const [confirming, setConfirming] = useState(false);

  if (!confirming) {
    return (
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Leave Room
      </Button>
    );
  }
  return (
    <div role="group" aria-label="Confirm leaving" className="flex flex-wrap items-center gap-2">
      <span className="min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-slate-800">
        Leave “{room.name}”? You can join again with its code.
      </span>
      <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
      <Button
        variant="danger"
        size="sm"
        loading={leave.isPending}
        onClick={() =>
          leave.mutate(roomIdOf(room), {
            onSuccess: () => {
              toast(`You left ${room.name}.`, { tone: 'success' });
              onLeft();
            },
            onError: (err) =>
              toast(errorMessage(err, 'Could not leave the room. Please try again.'), {
                tone: 'error',
              }),
          })
        }
      >
        Yes, leave room
      </Button>
    </div>
  );
}
