import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BellOff, CalendarClock, Mail, MailWarning } from 'lucide-react';
import { INVITATION_MESSAGES, type MyInvitation } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { toast } from '../../../ui/toast';
import { useAcceptPendingInvitation } from '../../invitations';
import type { ReminderKind, TaskReminder } from '../due-tasks';

const KIND_LABEL: Record<ReminderKind, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  tomorrow: 'Due tomorrow',
};

// Colour is never the only signal: each badge also says what it means.
const KIND_TONE: Record<ReminderKind, string> = {
  overdue: 'bg-red-50 text-red-800 ring-red-200',
  today: 'bg-amber-50 text-amber-800 ring-amber-200',
  tomorrow: 'bg-sky-50 text-sky-800 ring-sky-200',
};

/**
 * The bell's list: task reminders (each leading to /tasks, where tasks are handled) and pending
 * room invitations (accepted right here, then on to the room, as the invitation page does).
 */
export function RemindersPanel({
  tasks,
  invitations,
  invitationsFailed,
  invitationsNotice = null,
  onNavigate,
}: {
  tasks: readonly TaskReminder[];
  invitations: readonly MyInvitation[];
  invitationsFailed: boolean;
  /** Why invitations are not listed (an unverified address, docs/product.md §3.12). */
  invitationsNotice?: string | null;
  onNavigate: () => void;
}) {
  const empty = tasks.length === 0 && invitations.length === 0 && !invitationsNotice;
  return (
    <div className="max-h-[70vh] overflow-y-auto">
      <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
      {empty && !invitationsFailed && (
        <div className="mt-3 flex flex-col items-center gap-2 py-4 text-center">
          <BellOff aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="text-sm font-medium text-slate-700">You're all caught up</p>
          <p className="text-xs text-slate-600">
            Tasks due soon and room invitations will show up here.
          </p>
        </div>
      )}
      {invitations.length > 0 && (
        <section aria-label="Room invitations" className="mt-3">
          <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Room invitations
          </h3>
          <ul className="mt-2 space-y-2">
            {invitations.map((invitation) => (
              <InvitationItem key={invitation.id} invitation={invitation} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      )}
      {invitationsNotice && (
        <section aria-label="Room invitations" className="mt-3">
          <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            Room invitations
          </h3>
          <p className="mt-2 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2 text-xs text-amber-900">
            <MailWarning aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{invitationsNotice}</span>
          </p>
        </section>
      )}
      {invitationsFailed && (
        <p className="mt-3 text-xs text-slate-600">Invitations could not be loaded just now.</p>
      )}
      {tasks.length > 0 && (
        <section aria-label="Task reminders" className="mt-3">
          <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Tasks</h3>
          <ul className="mt-2 space-y-1">
            {tasks.map(({ task, kind, due }) => (
              <li key={task.id}>
                <Link
                  to="/tasks"
                  onClick={onNavigate}
                  className="flex items-start gap-2 rounded-lg p-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <CalendarClock
                    aria-hidden="true"
                    className="mt-0.5 h-4 w-4 shrink-0 text-slate-500"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium break-words text-slate-900">
                      {task.title}
                    </span>
                    <span
                      className={cn(
                        'mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1',
                        KIND_TONE[kind],
                      )}
                    >
                      {KIND_LABEL[kind]}
                      {kind === 'overdue' && <span className="sr-only">, was due {due}</span>}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function InvitationItem({
  invitation,
  onNavigate,
}: {
  invitation: MyInvitation;
  onNavigate: () => void;
}) {
  const navigate = useNavigate();
  const accept = useAcceptPendingInvitation();
  const [error, setError] = useState<string | null>(null);
  const onAccept = () => {
    setError(null);
    accept.mutate(invitation.id, {
      onSuccess: ({ roomId }) => {
        toast(`Invitation accepted! Taking you to ${invitation.roomName}…`, { tone: 'success' });
        onNavigate();
        navigate(`/rooms/${encodeURIComponent(roomId)}`);
      },
      onError: (err) => setError(errorMessage(err, INVITATION_MESSAGES.acceptFailed)),
    });
  };
  return (
    <li className="rounded-lg border border-slate-200 p-2">
      <div className="flex items-start gap-2">
        <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
        <p className="min-w-0 flex-1 text-sm break-words text-slate-800">
          <span className="font-medium">{invitation.inviterName}</span> invited you to{' '}
          <span className="font-medium">{invitation.roomName}</span> as {invitation.role}
        </p>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 flex justify-end">
        <Button
          size="sm"
          onClick={onAccept}
          loading={accept.isPending}
          aria-label={`Accept invitation to ${invitation.roomName}`}
        >
          Accept
        </Button>
      </div>
    </li>
  );
}
