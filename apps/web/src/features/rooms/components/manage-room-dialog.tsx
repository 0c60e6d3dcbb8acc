import type { Room } from '@studycircle/shared';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { roleOf } from '../lib/room-rules';
import { roomIdOf } from '../storage/rooms-storage';
import { DeleteRoomSection } from './manage-room/delete-room-section';
import { InviteSection } from './manage-room/invite-section';
import { MembersSection } from './manage-room/members-section';
import { PendingInvitationsSection } from './manage-room/pending-invitations-section';
import { RoomDetailsForm } from './manage-room/room-details-form';

/**
 * Manage Room (owner and admins): edit the room, see members and change their roles (owner
 * only), invite by email with a role, and delete with confirmation (owner only). With
 * `focus="delete"` it opens on the delete section alone (the card menu's Delete room).
 * Each section is its own component in manage-room/, with its own requests.
 */
export function ManageRoomDialog({
  room,
  open,
  onOpenChange,
  focus = 'details',
  returnFocus,
}: {
  room: Room | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focus?: 'details' | 'delete';
  /** Where focus goes on close (see DialogContent). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  return (
    <Dialog open={open && room !== null} onOpenChange={onOpenChange}>
      {room && (
        <DialogContent
          title={focus === 'delete' ? 'Delete Room' : 'Manage Room'}
          description={room.name}
          className="max-w-2xl"
          returnFocus={returnFocus}
        >
          {focus === 'delete' ? (
            <DeleteRoomSection room={room} onDeleted={() => onOpenChange(false)} />
          ) : (
            <div className="space-y-8">
              <RoomDetailsForm key={roomIdOf(room)} room={room} />
              <MembersSection room={room} />
              <InviteSection room={room} />
              <PendingInvitationsSection room={room} />
              {roleOf(room) === 'owner' && (
                <DeleteRoomSection room={room} onDeleted={() => onOpenChange(false)} />
              )}
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
