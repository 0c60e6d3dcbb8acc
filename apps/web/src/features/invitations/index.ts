/**
 * Invitations: the page that accepts an invitation to a study room, what the sign-in and register
 * screens show a visitor who arrived from one (app/ composes those), and every call to the
 * server's invitations module, which the rooms feature (a room's pending invitations in Manage
 * Room) and the reminders feature (the bell's pending invitations) use through this index.
 */
export { InvitationPage } from './pages/invitation-page';
export { InvitationNotice, invitationTokenFromRedirect } from './components/invitation-notice';
export { useInvitation } from './api/get-invitation';
export { useAcceptInvitation } from './api/accept-invitation';
export { useMyInvitations } from './api/get-my-invitations';
export { useAcceptPendingInvitation } from './api/accept-pending-invitation';
export { useRoomInvitations } from './api/get-room-invitations';
export { useCreateInvitation } from './api/create-invitation';
export { useResendInvitation } from './api/resend-invitation';
export { useCancelInvitation } from './api/cancel-invitation';
