import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CheckCircle2, LogOut, MailOpen } from 'lucide-react';
import { INVITATION_MESSAGES, TIMINGS } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { LoadingBlock } from '../../../ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/http';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { rememberPostLoginTarget, useAuth } from '../../auth';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';

const ROLE_LABEL: Record<string, string> = { admin: 'Admin', member: 'Member', owner: 'Owner' };

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-10">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {children}
      </div>
    </div>
  );
}

/**
 * Invitation acceptance (/invite/:token, docs/product.md §6.2, §6.3). A signed-out visitor is sent
 * to sign in with a way back here; a signed-in one sees the invitation and accepts it, then lands
 * in the room 1.5 s after the confirmation.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user, loading: authLoading, signOut } = useAuth();
  const invitation = useInvitation(user ? token : undefined);
  useDocumentTitle(invitation.data ? `Invitation to ${invitation.data.roomName}` : 'Invitation');
  const accept = useAcceptInvitation(token);
  const [acceptedRoomId, setAcceptedRoomId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const returnPath = `/invite/${encodeURIComponent(token)}`;

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (authLoading || user) return;
    // Both ways back are set: the session key the guard uses and the ?redirect= the login reads.
    rememberPostLoginTarget(returnPath);
    navigate(`/login?redirect=${encodeURIComponent(returnPath)}`, { replace: true });
  }, [authLoading, user, navigate, returnPath]);

  if (authLoading || !user || invitation.isPending) {
    return <LoadingBlock label="Loading invitation…" />;
  }

  if (invitation.isError) {
    return (
      <Shell>
        <div className="space-y-5 text-center">
          <Alert tone="error" className="text-left">
            {INVITATION_MESSAGES.notFound}
          </Alert>
          <Link to="/dashboard/rooms" className={buttonClasses('outline')}>
            Go to Study Rooms
          </Link>
        </div>
      </Shell>
    );
  }

  const inv = invitation.data;
  if (inv.state === 'accepted' && !acceptedRoomId) {
    return (
      <Shell>
        <div className="flex flex-col items-center space-y-5 text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-700">
            <CheckCircle2 aria-hidden="true" className="h-7 w-7" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">{inv.roomName}</h1>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600">
            {INVITATION_MESSAGES.acceptedByYou}
          </p>
          <Link
            to={`/rooms/room/${encodeURIComponent(inv.roomId)}`}
            className={buttonClasses('primary', 'lg')}
          >
            Open room
          </Link>
        </div>
      </Shell>
    );
  }
  const acceptError = accept.isError
    ? errorMessage(accept.error, INVITATION_MESSAGES.acceptFailed)
    : null;
  const otherAccount = Boolean(user.email && user.email.toLowerCase() !== inv.email.toLowerCase());

  // The server refuses another account's accept; say why up front and offer the way out, rather
  // than a button that can only fail.
  const switchAccount = () => {
    rememberPostLoginTarget(returnPath);
    void signOut().then(() =>
      navigate(`/login?redirect=${encodeURIComponent(returnPath)}`, { replace: true }),
    );
  };

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: ({ roomId }) => {
        setAcceptedRoomId(roomId);
        timer.current = setTimeout(
          () => navigate(`/rooms/${encodeURIComponent(roomId)}`),
          TIMINGS.redirectAfterInviteAcceptMs,
        );
      },
    });

  return (
    <Shell>
      <div className="flex flex-col items-center text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <MailOpen aria-hidden="true" className="h-7 w-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">You&apos;re invited</h1>
        <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-600">
          {inv.inviterName} invited you to study in <strong>{inv.roomName}</strong>.
        </p>
      </div>

      <dl className="mt-6 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        {(
          [
            ['Room', inv.roomName],
            ['Invited by', inv.inviterName],
            ['Invited email', inv.email],
            ['Role', ROLE_LABEL[inv.role] ?? inv.role],
            ['Expires', formatDateTime(inv.expiresAt)],
          ] as const
        ).map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 px-4 py-3">
            <dt className="text-slate-500">{term}</dt>
            <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere] text-slate-900">
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 space-y-3">
        {acceptError && <Alert tone="error">{acceptError}</Alert>}
        {otherAccount ? (
          <>
            <Alert tone="info">
              <span className="[overflow-wrap:anywhere]">
                This invitation was sent to <strong>{inv.email}</strong>, but you are signed in as{' '}
                <strong>{user.email}</strong>. Only the account with the invited email can accept
                it: sign out, then sign in or create an account with {inv.email}.
              </span>
            </Alert>
            <Button size="lg" variant="outline" className="w-full" onClick={switchAccount}>
              <LogOut aria-hidden="true" className="h-5 w-5" />
              Sign out and switch account
            </Button>
          </>
        ) : acceptedRoomId ? (
          <Alert tone="success">
            <span className="inline-flex items-center gap-1">
              Invitation accepted! Taking you to {inv.roomName}…
            </span>
          </Alert>
        ) : (
          <Button size="lg" className="w-full" loading={accept.isPending} onClick={onAccept}>
            <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
            Accept Invitation
          </Button>
        )}
      </div>
    </Shell>
  );
}
