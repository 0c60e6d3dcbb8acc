import { useSearchParams } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import {
  InvitationNotice,
  invitationTokenFromRedirect,
  useInvitation,
} from '../features/invitations';
import { LoadingBlock } from '../ui/spinner';

/**
 * Sign-in and register as an invitee meets them (docs/product.md §6.2): reached with
 * ?redirect=/invite/:token, the screen says who invited which address to which room and starts
 * with that address filled in. The two features stay apart; this composes them. An unknown or
 * expired link shows the plain screen (the invitation page says what went wrong after sign-in).
 */
function useInvitationFromRedirect() {
  const [searchParams] = useSearchParams();
  const token = invitationTokenFromRedirect(searchParams.get('redirect'));
  const invitation = useInvitation(token);
  return { token, invitation };
}

export function InvitedLoginPage() {
  const { token, invitation } = useInvitationFromRedirect();
  // Wait for the invitation briefly, so the address is prefilled before the form takes focus.
  if (token && invitation.isPending) return <LoadingBlock label="Loading your invitation…" />;
  const inv = invitation.data;
  return (
    <LoginPage
      invitedEmail={inv?.email}
      notice={inv ? <InvitationNotice invitation={inv} screen="login" /> : undefined}
    />
  );
}

export function InvitedRegisterPage() {
  const { token, invitation } = useInvitationFromRedirect();
  if (token && invitation.isPending) return <LoadingBlock label="Loading your invitation…" />;
  const inv = invitation.data;
  return (
    <RegisterPage
      invitedEmail={inv?.email}
      notice={inv ? <InvitationNotice invitation={inv} screen="register" /> : undefined}
    />
  );
}
