import type { Room } from '@studycircle/shared';
import { canManageRoom } from '../lib/room-rules';
import { InviteSection } from './manage-room/invite-section';

/**
 * Invite by e-mail where a member invites people (the room page's Invite and the call's): the
 * form for the owner and admins, a sentence saying who can for everyone else. The call loads it
 * with its Invite dialog, through the room's composition in app/room/.
 */
export default function EmailInvite({ room }: { room: Room }) {
  return canManageRoom(room) ? (
    <InviteSection room={room} />
  ) : (
    <p className="text-sm text-slate-600">
      The owner and admins can also invite by e-mail, from Manage Room.
    </p>
  );
}
