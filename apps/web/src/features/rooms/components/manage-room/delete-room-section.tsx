import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { Room } from '@studycircle/shared';
import { errorMessage } from '../../../../lib/http';
import { Alert } from '../../../../ui/alert';
import { Button } from '../../../../ui/button';
import { ConfirmStep, useConfirmStep } from '../../../../ui/confirm-step';
import { toast } from '../../../../ui/toast';
import { useDeleteRoom } from '../../api/delete-room';
import { roomIdOf } from '../../storage/rooms-storage';

/** Manage Room's danger zone (the owner's): Delete room, with a confirmation step. */
export function DeleteRoomSection({ room, onDeleted }: { room: Room; onDeleted: () => void }) {
  const remove = useDeleteRoom();
  const step = useConfirmStep();
  const [error, setError] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="manage-danger-title"
      className="space-y-3 rounded-xl border border-red-200 bg-red-50/50 p-4"
    >
      <h3 id="manage-danger-title" className="text-sm font-semibold text-red-800">
        Delete this room
      </h3>
      <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
        Deleting removes every membership, invitation and message of {room.name}. This cannot be
        undone.
      </p>
      {step.confirming ? (
        <ConfirmStep
          look="danger"
          label={`Confirm deleting ${room.name}`}
          question={`Delete “${room.name}” for everyone?`}
          confirmLabel="Yes, delete room"
          pending={remove.isPending}
          onCancel={step.cancel}
          onConfirm={() =>
            remove.mutate(roomIdOf(room), {
              onSuccess: () => {
                toast('Room deleted.', { tone: 'success' });
                onDeleted();
              },
              onError: (err) => setError(errorMessage(err, 'Could not delete the room.')),
            })
          }
        />
      ) : (
        <Button ref={step.triggerRef} variant="danger" size="sm" onClick={step.ask}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete room
        </Button>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}
