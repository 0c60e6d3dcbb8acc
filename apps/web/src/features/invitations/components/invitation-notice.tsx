import { MailOpen } from 'lucide-react';
import type { Invitation } from '@studycircle/shared';

const ROLE_LABEL: Record<string, string> = { admin: 'an admin', member: 'a member' };

/**
 * What an invitee sees above the sign-in and register forms (docs/product.md §6.2): who invited
 * which address to which room, and what to do next, so someone without an account knows why they
 * are here.
 */
export function InvitationNotice({
  invitation,
  screen,
}: {
  invitation: Invitation;
  screen: 'login' | 'register';
}) {
  return (
    <section
      aria-label="Your invitation"
      className="flex gap-3 rounded-2xl border border-brand-200 bg-white p-4 text-sm text-slate-700 shadow-sm"
    >
      <MailOpen aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
      <div className="min-w-0 space-y-1 [overflow-wrap:anywhere]">
        <p>
          <strong className="text-slate-900">{invitation.inviterName}</strong> invited{' '}
          <strong className="text-slate-900">{invitation.email}</strong> to join the study room{' '}
          <strong className="text-slate-900">{invitation.roomName}</strong> as{' '}
          {ROLE_LABEL[invitation.role] ?? invitation.role}.
        </p>
        <p>
          {screen === 'login'
            ? 'Sign in with that address to accept. No account yet? Create one below with the same address.'
            : 'Create your account with that address, then sign in to accept.'}
        </p>
      </div>
    </section>
  );
}

/** The invitation token inside a `?redirect=/invite/:token`, or undefined. */
export function invitationTokenFromRedirect(redirect: string | null): string | undefined {
  const match = /^\/invite\/([A-Za-z0-9_-]{20,100})$/.exec(redirect ?? '');
  return match?.[1];
}
