/**
 * Invitations: the page that accepts an invitation to a study room, and what the sign-in and
 * register screens show a visitor who arrived from one (app/ composes those).
 */
export { InvitationPage } from './pages/invitation-page';
export { InvitationNotice, invitationTokenFromRedirect } from './components/invitation-notice';
export { useInvitation } from './api/get-invitation';
