import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Mail, RefreshCw, Trash2, UserMinus, X } from 'lucide-react';
import {
  ASSIGNABLE_ROLES,
  CreateInvitationInputSchema,
  INVITATION_MESSAGES,
  ROOM_LIMITS,
  ROOM_STATUSES,
  UpdateRoomInputSchema,
  type AssignableRole,
  type PendingInvitation,
  type Room,
  type RoomMember,
  type RoomStatus,
} from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field, inputClasses } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { HttpError } from '../../../lib/http';
import { useMemberAvatar } from '../../call';
import { useChangeMemberRole } from '../api/change-member-role';
import { useCreateInvitation } from '../api/create-invitation';
import { useDeleteRoom } from '../api/delete-room';
import { useCancelInvitation } from '../api/cancel-invitation';
import { useRoomInvitations } from '../api/get-room-invitations';
import { useRoomMembers } from '../api/get-room-members';
import { useResendInvitation } from '../api/resend-invitation';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateRoom } from '../api/update-room';
import { roleOf } from '../lib/room-rules';
import { roomIdOf } from '../storage/rooms-storage';
import { roleLabel } from './room-status-badge';
import { TagInput } from './tag-input';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof HttpError && error.hasServerMessage ? error.message : fallback;

const STATUS_LABEL: Record<RoomStatus, string> = {
  active: 'Active',
  studying: 'Studying',
  break: 'Break',
};

function SectionTitle({ children }: { children: string }) {
  return (
    <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>
  );
}

function DetailsForm({ room }: { room: Room }) {
  const update = useUpdateRoom(roomIdOf(room));
  const [form, setForm] = useState({
    name: room.name,
    subject: room.subject,
    description: room.description,
    status: room.status,
    isPrivate: room.isPrivate,
    maxMembers: String(room.maxMembers),
    tags: room.tags,
  });
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateRoomInputSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: () => toast('Room updated.', { tone: 'success' }),
      onError: (err) => setError(messageOf(err, 'Could not save the room. Please try again.')),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Room details">
      <SectionTitle>Details</SectionTitle>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Room name"
          required
          maxLength={ROOM_LIMITS.nameMax}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <Field
          label="Subject"
          required
          maxLength={ROOM_LIMITS.subjectMax}
          value={form.subject}
          onChange={(e) => setForm({ ...form, subject: e.target.value })}
        />
      </div>
      <div className="space-y-1.5">
        <label
          htmlFor="manage-room-description"
          className="block text-sm font-medium text-slate-700"
        >
          Description
        </label>
        <textarea
          id="manage-room-description"
          rows={3}
          maxLength={ROOM_LIMITS.descriptionMax}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          className={inputClasses}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1.5">
          <label htmlFor="manage-room-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="manage-room-status"
            value={form.status}
            onChange={(e) => setForm({ ...form, status: e.target.value as RoomStatus })}
            className={inputClasses}
          >
            {ROOM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Max members"
          type="number"
          inputMode="numeric"
          min={Math.max(ROOM_LIMITS.maxMembersMin, room.members)}
          max={ROOM_LIMITS.maxMembersMax}
          value={form.maxMembers}
          onChange={(e) => setForm({ ...form, maxMembers: e.target.value })}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.isPrivate}
            onChange={(e) => setForm({ ...form, isPrivate: e.target.checked })}
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
          />
          Private room
        </label>
      </div>
      <TagInput
        tags={form.tags}
        max={ROOM_LIMITS.tagsMax}
        onChange={(tags) => setForm({ ...form, tags })}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

function MemberRow({
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
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const isOwnerRow = member.role === 'owner';
  // The owner changes roles; admins may only remove plain members (the server enforces both).
  const canChangeRole = callerRole === 'owner' && !isOwnerRow;
  const canRemove =
    !isOwnerRow && callerRole !== 'member' && (callerRole === 'owner' || member.role === 'member');

  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  const stopConfirming = () => {
    setConfirming(false);
    // Back to the button that asked, once it is rendered again.
    requestAnimationFrame(() => removeButton.current?.focus());
  };

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
                      toast(messageOf(err, 'Could not change the role.'), { tone: 'error' }),
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
          {canRemove && !confirming && (
            <Button
              ref={removeButton}
              variant="ghost"
              size="sm"
              aria-label={`Remove ${member.name} from the room`}
              onClick={() => setConfirming(true)}
            >
              <UserMinus aria-hidden="true" className="h-4 w-4" />
            </Button>
          )}
        </div>
      </div>
      {confirming && (
        <div
          role="group"
          aria-label={`Confirm removing ${member.name}`}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3"
        >
          <p className="min-w-0 flex-1 basis-48 text-sm [overflow-wrap:anywhere] text-red-900">
            Remove {member.name} from the room? They lose access to its call, chat and notes.
          </p>
          <Button ref={cancelButton} variant="outline" size="sm" onClick={stopConfirming}>
            Cancel
          </Button>
          <Button
            variant="danger"
            size="sm"
            loading={remove.isPending}
            onClick={() =>
              // The promise, not mutate's own callbacks: those are dropped when this row unmounts,
              // and the refreshed member list can remove the row before they would run.
              remove.mutateAsync(member.id).then(
                () => toast(`${member.name} was removed.`),
                (err: unknown) => {
                  toast(messageOf(err, 'Could not remove the member.'), { tone: 'error' });
                  stopConfirming();
                },
              )
            }
          >
            Remove {member.name}
          </Button>
        </div>
      )}
    </li>
  );
}

function PendingInvitationRow({
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
          <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
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
                  toast(messageOf(err, 'Could not resend the invitation.'), { tone: 'error' }),
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
                  toast(messageOf(err, 'Could not cancel the invitation.'), { tone: 'error' }),
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

function PendingInvitationsSection({ room }: { room: Room }) {
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
          {messageOf(invitations.error, 'Could not load the invitations.')}
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

function MembersSection({ room }: { room: Room }) {
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
        <Alert tone="error">{messageOf(members.error, 'Could not load the members.')}</Alert>
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

function InviteSection({ room }: { room: Room }) {
  const invite = useCreateInvitation(roomIdOf(room));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ to: string; resent: boolean } | null>(null);
  // Only the owner may invite admins (role changes are the owner's); an admin invites members.
  const roles: readonly AssignableRole[] = roleOf(room) === 'owner' ? ASSIGNABLE_ROLES : ['member'];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateInvitationInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? INVITATION_MESSAGES.invalidEmail);
      return;
    }
    setError(null);
    setSent(null);
    invite.mutate(parsed.data, {
      onSuccess: ({ resent }) => {
        setSent({ to: parsed.data.email, resent });
        setEmail('');
      },
      onError: (err) =>
        setError(messageOf(err, 'Could not send the invitation. Please try again.')),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Invite by email" className="space-y-3">
      <SectionTitle>Invite by email</SectionTitle>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          id="invite-email"
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="classmate@university.edu"
          className="min-w-0 flex-1"
        />
        <div className="space-y-1.5">
          <label htmlFor="invite-role" className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id="invite-role"
            value={role}
            onChange={(e) => setRole(e.target.value as AssignableRole)}
            className={inputClasses}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" loading={invite.isPending}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Send invite
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {sent && (
        <Alert tone="success">
          <span className="[overflow-wrap:anywhere]">
            {sent.resent
              ? `${sent.to} already had an invitation: we emailed them a new link, and the old one no longer works.`
              : `${INVITATION_MESSAGES.sent} We emailed a link to ${sent.to}.`}
          </span>
        </Alert>
      )}
    </form>
  );
}

function DeleteSection({ room, onDeleted }: { room: Room; onDeleted: () => void }) {
  const remove = useDeleteRoom();
  const [confirming, setConfirming] = useState(false);
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
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-red-800">
            Delete “{room.name}” for everyone?
          </span>
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            size="sm"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(roomIdOf(room), {
                onSuccess: () => {
                  toast('Room deleted.', { tone: 'success' });
                  onDeleted();
                },
                onError: (err) => setError(messageOf(err, 'Could not delete the room.')),
              })
            }
          >
            Yes, delete room
          </Button>
        </div>
      ) : (
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete room
        </Button>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}

/**
 * Manage Room (owner and admins): edit the room, see members and change their roles (owner
 * only), invite by email with a role, and delete with confirmation (owner only). With
 * `confirmDelete` it opens straight at the delete confirmation (the card menu's Delete room).
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
            <DeleteSection room={room} onDeleted={() => onOpenChange(false)} />
          ) : (
            <div className="space-y-8">
              <DetailsForm key={roomIdOf(room)} room={room} />
              <MembersSection room={room} />
              <InviteSection room={room} />
              <PendingInvitationsSection room={room} />
              {roleOf(room) === 'owner' && (
                <DeleteSection room={room} onDeleted={() => onOpenChange(false)} />
              )}
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
