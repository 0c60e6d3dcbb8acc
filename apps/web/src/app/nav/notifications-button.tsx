import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell } from 'lucide-react';
import { Popover } from '../../ui/popover';
import { useAuth } from '../../features/auth';
import { RemindersPanel, useDueTaskNotifications, useReminders } from '../../features/reminders';

/**
 * The bell in the signed-in bar: tasks overdue, due today or tomorrow, and the user's pending
 * room invitations, with their count on a badge (and in the button's name). It also drives the
 * browser notification for opted-in users when a task falls due.
 */
export function NotificationsButton({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  // Only an explicit false holds invitations back (docs/product.md §3.12); the server decides.
  const reminders = useReminders(signedIn, user?.emailVerified !== false);
  const openTasks = useCallback(() => navigate('/tasks'), [navigate]);
  useDueTaskNotifications(openTasks);
  const { count } = reminders;
  const label = count > 0 ? `Notifications, ${count} new` : 'Notifications';
  return (
    <Popover
      label={label}
      open={open}
      onOpenChange={setOpen}
      className="max-sm:fixed max-sm:inset-x-3 max-sm:top-16 max-sm:mt-0 max-sm:w-auto"
      trigger={
        <>
          <Bell aria-hidden="true" className="h-5 w-5" />
          {count > 0 && (
            <span
              aria-hidden="true"
              data-testid="notifications-badge"
              className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </>
      }
    >
      <RemindersPanel
        tasks={reminders.tasks}
        invitations={reminders.invitations}
        invitationsFailed={reminders.invitationsFailed}
        invitationsNotice={reminders.invitationsNotice}
        onNavigate={() => setOpen(false)}
      />
    </Popover>
  );
}
