import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import {
  ASSIGNABLE_ROLES,
  CreateInvitationInputSchema,
  INVITATION_MESSAGES,
  type AssignableRole,
  type Room,
} from '@studycircle/shared';
import { errorMessage } from '../../../../lib/http';
import { Alert } from '../../../../ui/alert';
import { Button } from '../../../../ui/button';
import { Field, inputClasses } from '../../../../ui/field';
import { useCreateInvitation } from '../../../invitations';
import { roleOf } from '../../lib/room-rules';
import { roomIdOf } from '../../storage/rooms-storage';
import { roleLabel } from '../room-status-badge';
import { SectionTitle } from './section-title';

/** Manage Room's Invite by email: an address and a role; the server mails the link. */
export function InviteSection({ room }: { room: Room }) {
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
        setError(errorMessage(err, 'Could not send the invitation. Please try again.')),
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
