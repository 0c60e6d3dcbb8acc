import { UserMinus } from 'lucide-react';
import { ASSIGNABLE_ROLES, type AssignableRole, type RoomMember } from '@studycircle/shared';
import { errorMessage } from '../../../../lib/http';
import { Badge } from '../../../../ui/badge';
import { Button } from '../../../../ui/button';
import { ConfirmStep, useConfirmStep } from '../../../../ui/confirm-step';
import { toast } from '../../../../ui/toast';
import { useMemberAvatar } from '../../../../lib/member-avatar';
import { useChangeMemberRole } from '../../api/change-member-role';
import { useRemoveMember } from '../../api/remove-member';
import type { roleOf } from '../../lib/room-rules';
import { roleLabel } from '../room-status-badge';

/**
 * One member in Manage Room: name and email, the role (a select for the owner, who alone changes
 * roles), and Remove with a confirmation step under the row.
 */
export function MemberRow({
  roomId,
  member,
  callerRole,
}: {
  roomId: string;
  member: RoomMember;
  callerRole: ReturnType<typeof roleOf>;
}) {
  const changeRole = useChangeMemberRole(roomId);
  const remove = useRemoveMember(roomId);
  const avatar = useMemberAvatar(roomId, member.id);
  const step = useConfirmStep();
  const isOwnerRow = member.role === 'owner';
  // The owner changes roles; admins may only remove plain members (the server enforces both).
  const canChangeRole = callerRole === 'owner' && !isOwnerRow;
  const canRemove =
    !isOwnerRow && callerRole !== 'member' && (callerRole === 'owner' || member.role === 'member');

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        {avatar ? (
          // The name is beside it: the picture adds nothing for a screen reader.
          <img
            src={avatar}
            alt=""
            data-testid="member-avatar"
            className="h-9 w-9 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
          >
            {member.name.charAt(0).toUpperCase() || '?'}
          </span>
        )}
        <div className="min-w-0 flex-1 basis-40">
          <p className="truncate text-sm font-medium text-slate-900" title={member.name}>
            {member.name}
          </p>
          {member.email && (
            <p className="truncate text-xs text-slate-500" title={member.email}>
              {member.email}
            </p>
          )}
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {canChangeRole ? (
            <select
              aria-label={`Role for ${member.name}`}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(e) => {
                const role = e.target.value as AssignableRole;
                changeRole.mutate(
                  { userId: member.id, role },
                  {
                    // The label of the role just chosen, read before the event is gone.
                    onSuccess: () =>
                      toast(`${member.name} is now ${roleLabel(role).toLowerCase()}.`),
                    onError: (err) =>
                      toast(errorMessage(err, 'Could not change the role.'), { tone: 'error' }),
                  },
                );
              }}
              className="block w-32 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100"
            >
              {ASSIGNABLE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </select>
          ) : (
            <Badge tone={isOwnerRow ? 'brand' : 'neutral'}>{roleLabel(member.role)}</Badge>
          )}
          {canRemove && !step.confirming && (
            <Button
              ref={step.triggerRef}
              variant="ghost"
              size="sm"
              aria-label={`Remove ${member.name} from the room`}
              onClick={step.ask}
            >
              <UserMinus aria-hidden="true" className="h-4 w-4" />
            </Button>
          )}
        </div>
      </div>
      {step.confirming && (
        <ConfirmStep
          look="box"
          className="mt-3"
          label={`Confirm removing ${member.name}`}
          question={`Remove ${member.name} from the room? They lose access to its call, chat and notes.`}
          confirmLabel={`Remove ${member.name}`}
          pending={remove.isPending}
          onCancel={step.cancel}
          onConfirm={() =>
            // The promise, not mutate's own callbacks: those are dropped when this row unmounts,
            // and the refreshed member list can remove the row before they would run.
            void remove.mutateAsync(member.id).then(
              () => toast(`${member.name} was removed.`),
              (err: unknown) => {
                toast(errorMessage(err, 'Could not remove the member.'), { tone: 'error' });
                step.cancel();
              },
            )
          }
        />
      )}
    </li>
  );
}
