/** Invitations: the page that accepts an invitation to a study room. */
export { InvitationPage } from './pages/invitation-page';
