import { useEffect, useMemo, useState } from 'react';
import { useTasks } from '../tasks';
import { useMyInvitations } from '../invitations';
import { localDateKey, taskReminders } from './due-tasks';

/**
 * What the bell shows: open tasks overdue, due today or tomorrow (from the local task list) and
 * the signed-in user's pending room invitations (from the server), with their total.
 */
export function useReminders(signedIn: boolean) {
  const tasks = useTasks();
  const [today, setToday] = useState(() => localDateKey(new Date()));
  useEffect(() => {
    // Midnight moves tasks from tomorrow to today without a reload.
    const timer = window.setInterval(() => setToday(localDateKey(new Date())), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const taskItems = useMemo(() => taskReminders(tasks, today), [tasks, today]);
  const invitationsQuery = useMyInvitations(signedIn);
  const invitations = invitationsQuery.data ?? [];
  return {
    tasks: taskItems,
    invitations,
    invitationsFailed: invitationsQuery.isError,
    count: taskItems.length + invitations.length,
  };
}
