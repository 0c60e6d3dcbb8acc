import type { Room } from '@studycircle/shared';
import { errorMessage } from '../../../../lib/http';
import { Alert } from '../../../../ui/alert';
import { Spinner } from '../../../../ui/spinner';
import { useRoomMembers } from '../../api/get-room-members';
import { roleOf } from '../../lib/room-rules';
import { roomIdOf } from '../../storage/rooms-storage';
import { MemberRow } from './member-row';

/** Manage Room's member list: owner first, then admins, then members. */
export function MembersSection({ room }: { room: Room }) {
  const roomId = roomIdOf(room);
  const members = useRoomMembers(roomId);
  const callerRole = roleOf(room);
  return (
    <section aria-labelledby="manage-members-title" className="space-y-2">
      <h3
        id="manage-members-title"
        className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        Members{members.data ? ` (${members.data.length})` : ''}
      </h3>
      {members.isPending ? (
        <p role="status" className="flex items-center gap-2 py-3 text-sm text-slate-500">
          <Spinner size="sm" /> Loading members…
        </p>
      ) : members.isError ? (
        <Alert tone="error">{errorMessage(members.error, 'Could not load the members.')}</Alert>
      ) : (
        <ul aria-label="Room members" className="divide-y divide-slate-100">
          {members.data.map((member) => (
            <MemberRow key={member.id} roomId={roomId} member={member} callerRole={callerRole} />
          ))}
        </ul>
      )}
    </section>
  );
}
