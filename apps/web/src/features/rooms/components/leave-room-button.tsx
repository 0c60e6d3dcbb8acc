import { LogOut } from 'lucide-react';
import type { Room } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { ConfirmStep, useConfirmStep } from '../../../ui/confirm-step';
import { toast } from '../../../ui/toast';
import { useLeaveRoom } from '../api/leave-room';
import { roomIdOf } from '../storage/rooms-storage';

/**
 * Leave Room, with a confirmation step, for members and admins (an owner deletes the room
 * instead). Leaving is undone only by joining again with the code, so it is never one click.
 */
export function LeaveRoomButton({ room, onLeft }: { room: Room; onLeft: () => void }) {
  const leave = useLeaveRoom();
  const step = useConfirmStep();

  if (!step.confirming) {
    return (
      <Button ref={step.triggerRef} variant="ghost" onClick={step.ask}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Leave Room
      </Button>
    );
  }
  return (
    <ConfirmStep
      label="Confirm leaving"
      question={`Leave “${room.name}”? You can join again with its code.`}
      confirmLabel="Yes, leave room"
      pending={leave.isPending}
      onCancel={step.cancel}
      onConfirm={() =>
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
    />
  );
}
