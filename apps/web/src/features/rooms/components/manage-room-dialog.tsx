import { useState, type FormEvent } from 'react';
import { Mail, Trash2, UserMinus } from 'lucide-react';
import {
  ASSIGNABLE_ROLES,
  CreateInvitationInputSchema,
  INVITATION_MESSAGES,
  ROOM_LIMITS,
  ROOM_STATUSES,
  UpdateRoomInputSchema,
  type AssignableRole,
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
import { useChangeMemberRole } from '../api/change-member-role';
import { useCreateInvitation } from '../api/create-invitation';
import { useDeleteRoom } from '../api/delete-room';
import { useRoomMembers } from '../api/get-room-members';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateRoom } from '../api/update-room';
import { roleOf } from '../lib/room-rules';
import { roomIdOf } from '../storage/rooms-storage';
import { roleLabel } from './room-status-badge';
import { TagInput } from './tag-input';

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
  const isOwnerRow = member.role === 'owner';
  // The owner changes roles; admins may only remove plain members (the server enforces both).
  const canChangeRole = callerRole === 'owner' && !isOwnerRow;
  const canRemove = !isOwnerRow && (callerRole === 'owner' || member.role === 'member');

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
      >
        {member.name.charAt(0).toUpperCase() || '?'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{member.name}</p>
        {member.email && <p className="truncate text-xs text-slate-500">{member.email}</p>}
      </div>
      {canChangeRole ? (
        <select
          aria-label={`Role for ${member.name}`}
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(e) =>
            changeRole.mutate(
              { userId: member.id, role: e.target.value as AssignableRole },
              {
                onSuccess: () => toast(`${member.name} is now ${e.target.value}.`),
                onError: (err) =>
                  toast(messageOf(err, 'Could not change the role.'), { tone: 'error' }),
              },
            )
          }
          className={`${inputClasses} w-auto py-1.5`}
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
      {canRemove && callerRole !== 'member' && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${member.name} from the room`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(member.id, {
              onSuccess: () => toast(`${member.name} was removed.`),
              onError: (err) =>
                toast(messageOf(err, 'Could not remove the member.'), { tone: 'error' }),
            })
          }
        >
          <UserMinus aria-hidden="true" className="h-4 w-4" />
        </Button>
      )}
    </li>
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
  const [sentTo, setSentTo] = useState<string | null>(null);
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
    setSentTo(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
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
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="classmate@university.edu"
          className="flex-1"
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
      {sentTo && (
        <Alert tone="success">
          {INVITATION_MESSAGES.sent} We emailed a link to {sentTo}.
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
      <p className="text-sm text-slate-700">
        Deleting removes every membership, invitation and message of {room.name}. This cannot be
        undone.
      </p>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-red-800">
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
}: {
  room: Room | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focus?: 'details' | 'delete';
}) {
  return (
    <Dialog open={open && room !== null} onOpenChange={onOpenChange}>
      {room && (
        <DialogContent
          title={focus === 'delete' ? 'Delete Room' : 'Manage Room'}
          description={room.name}
          className="max-w-2xl"
        >
          {focus === 'delete' ? (
            <DeleteSection room={room} onDeleted={() => onOpenChange(false)} />
          ) : (
            <div className="space-y-8">
              <DetailsForm key={roomIdOf(room)} room={room} />
              <MembersSection room={room} />
              <InviteSection room={room} />
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
