import { RefreshCw, X } from 'lucide-react';
import type { PendingInvitation } from '@studycircle/shared';
import { formatDateTime } from '../../../../lib/dates';
import { errorMessage } from '../../../../lib/http';
import { Button } from '../../../../ui/button';
import { toast } from '../../../../ui/toast';
import { useCancelInvitation, useResendInvitation } from '../../../invitations';
import type { roleOf } from '../../lib/room-rules';
import { roleLabel } from '../room-status-badge';

/**
 * One pending invitation: the address, role, inviter and expiry, with Resend (a fresh link) and
 * Cancel (withdraws it at once: an invitation is sent again in one step, so no confirmation).
 */
export function PendingInvitationRow({
  roomId,
  invitation,
  callerRole,
}: {
  roomId: string;
  invitation: PendingInvitation;
  callerRole: ReturnType<typeof roleOf>;
}) {
  const resend = useResendInvitation(roomId);
  const cancel = useCancelInvitation(roomId);
  // Admin invitations are the owner's to change (the server says the same).
  const canChange = callerRole === 'owner' || invitation.role === 'member';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate text-sm font-medium text-slate-900" title={invitation.email}>
          {invitation.email}
        </p>
        <p className="text-xs [overflow-wrap:anywhere] text-slate-600">
          {roleLabel(invitation.role)} · invited by {invitation.inviterName} · expires{' '}
          <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
        </p>
      </div>
      {canChange && (
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            loading={resend.isPending}
            aria-label={`Resend the invitation to ${invitation.email}`}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () =>
                  toast(`Invitation sent again to ${invitation.email}.`, { tone: 'success' }),
                onError: (err) =>
                  toast(errorMessage(err, 'Could not resend the invitation.'), { tone: 'error' }),
              })
            }
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Resend
          </Button>
          <Button
            variant="ghost"
            size="sm"
            loading={cancel.isPending}
            aria-label={`Cancel the invitation to ${invitation.email}`}
            onClick={() =>
              cancel.mutate(invitation.id, {
                onSuccess: () => {
                  toast(`Invitation to ${invitation.email} cancelled.`);
                  // This row goes; keep the keyboard in the section rather than on the body.
                  document.getElementById('invite-email')?.focus();
                },
                onError: (err) =>
                  toast(errorMessage(err, 'Could not cancel the invitation.'), { tone: 'error' }),
              })
            }
          >
            <X aria-hidden="true" className="h-4 w-4" />
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}
