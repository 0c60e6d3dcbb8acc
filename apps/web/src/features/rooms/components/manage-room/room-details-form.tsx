import { ROOM_LIMITS, type Room } from '@studycircle/shared';
import { Button } from '../../../../ui/button';
import { toast } from '../../../../ui/toast';
import { useUpdateRoom } from '../../api/update-room';
import { roomIdOf } from '../../storage/rooms-storage';
import { RoomForm, roomFormValues } from '../room-form';
import { SectionTitle } from './section-title';

/** Manage Room's Details: the room form with its status, saved with PATCH. */
export function RoomDetailsForm({ room }: { room: Room }) {
  const update = useUpdateRoom(roomIdOf(room));
  return (
    <RoomForm
      mode="edit"
      aria-label="Room details"
      heading={<SectionTitle>Details</SectionTitle>}
      initial={roomFormValues(room)}
      idPrefix="manage-room"
      // The room cannot shrink below the members it has.
      minMembers={Math.max(ROOM_LIMITS.maxMembersMin, room.members)}
      failureMessage="Could not save the room. Please try again."
      onSubmit={(input) =>
        update.mutateAsync(input).then(() => toast('Room updated.', { tone: 'success' }))
      }
      actions={
        <div className="flex justify-end">
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </div>
      }
    />
  );
}
