import { useMemo } from 'react';
import { ERROR_CODES, VERIFY_EMAIL_MESSAGES } from '@studycircle/shared';
import { HttpError } from '../../lib/http';
import { useStudentToday } from '../../lib/student-day';
import { useTasks } from '../tasks';
import { useMyInvitations } from '../invitations';
import { taskReminders } from './due-tasks';

/**
 * What the bell shows: open tasks overdue, due today or tomorrow (from the local task list) and
 * the signed-in user's pending room invitations (from the server), with their total.
 */
export function useReminders(signedIn: boolean, emailVerified = true) {
  const tasks = useTasks();
  // The student's day (docs/decisions/0062); midnight there moves tasks without a reload.
  const today = useStudentToday();
  const taskItems = useMemo(() => taskReminders(tasks, today), [tasks, today]);
  // The server lists invitations only for a verified address (docs/product.md §3.12), so an
  // account known to be unverified does not ask (a refused request every minute, for nothing);
  // should the server refuse anyway, that is a reason to explain, not a failure to report.
  const invitationsQuery = useMyInvitations(signedIn && emailVerified);
  const error = invitationsQuery.error;
  const refused = error instanceof HttpError && error.code === ERROR_CODES.emailNotVerified;
  const needsVerifiedEmail = (signedIn && !emailVerified) || refused;
  const invitations = needsVerifiedEmail ? [] : (invitationsQuery.data ?? []);
  return {
    tasks: taskItems,
    invitations,
    invitationsFailed: invitationsQuery.isError && !refused,
    /** Why the bell may not list invitations yet; null when it may. */
    invitationsNotice: needsVerifiedEmail
      ? refused
        ? error.message
        : VERIFY_EMAIL_MESSAGES.bellNeedsVerifiedEmail
      : null,
    count: taskItems.length + invitations.length,
  };
}
