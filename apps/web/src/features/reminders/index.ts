/**
 * Reminders: the bell's content (tasks due soon, pending room invitations), the browser
 * notification when a task falls due, and the reminder preferences the Settings page edits.
 */
export { RemindersPanel } from './components/reminders-panel';
export { useReminders } from './use-reminders';
export { useDueTaskNotifications, canNotify } from './use-due-task-notifications';
export {
  REMIND_DAYS_BEFORE,
  saveReminderPreferences,
  useReminderPreferences,
  type RemindDaysBefore,
  type ReminderPreferences,
} from './reminder-preferences';
