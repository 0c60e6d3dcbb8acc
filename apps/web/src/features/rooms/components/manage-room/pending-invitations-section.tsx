import type { Room } from '@studycircle/shared';
import { errorMessage } from '../../../../lib/http';
import { Alert } from '../../../../ui/alert';
import { Spinner } from '../../../../ui/spinner';
import { useRoomInvitations } from '../../../invitations';
import { roleOf } from '../../lib/room-rules';
import { roomIdOf } from '../../storage/rooms-storage';
import { PendingInvitationRow } from './pending-invitation-row';

/** Manage Room's invitations nobody has answered yet, newest first. */
export function PendingInvitationsSection({ room }: { room: Room }) {
  const roomId = roomIdOf(room);
  const invitations = useRoomInvitations(roomId);
  return (
    <section aria-labelledby="manage-invitations-title" className="space-y-2">
      <h3
        id="manage-invitations-title"
        className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        Pending invitations{invitations.data ? ` (${invitations.data.length})` : ''}
      </h3>
      {invitations.isPending ? (
        <p role="status" className="flex items-center gap-2 py-3 text-sm text-slate-500">
          <Spinner size="sm" /> Loading invitations…
        </p>
      ) : invitations.isError ? (
        <Alert tone="error">
          {errorMessage(invitations.error, 'Could not load the invitations.')}
        </Alert>
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-slate-600">No invitations waiting for an answer.</p>
      ) : (
        <ul aria-label="Pending invitations" className="divide-y divide-slate-100">
          {invitations.data.map((invitation) => (
            <PendingInvitationRow
              key={invitation.id}
              roomId={roomId}
              invitation={invitation}
              callerRole={roleOf(room)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
