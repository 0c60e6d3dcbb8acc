import { useEffect } from 'react';
import { useStudentToday } from '../../lib/student-day';
import { useTasks } from '../tasks';
import { reminderKey, tasksToNotify, type ReminderKind } from './due-tasks';
import { markNotified, readNotified } from './notified-store';
import { useReminderPreferences } from './reminder-preferences';

const HEADINGS: Record<ReminderKind, string> = {
  overdue: 'Task overdue',
  today: 'Task due today',
  tomorrow: 'Task due tomorrow',
};

/** True when this browser can show a notification now (supported and allowed). */
export function canNotify(): boolean {
  return typeof window.Notification === 'function' && window.Notification.permission === 'granted';
}

/**
 * Shows a browser notification when one of the person's open tasks falls due, if they opted in
 * on the Settings page and the browser allows it, while a tab with the signed-in bar is open.
 * Each task notifies once per due date: the key is recorded before the notification shows, and
 * the notification's tag makes the system replace, not repeat, one shown by another tab.
 */
export function useDueTaskNotifications(onOpen: () => void): void {
  const tasks = useTasks();
  const { notify, remindDaysBefore } = useReminderPreferences();
  // The student's day (docs/decisions/0062), looked at each minute so midnight needs no reload.
  const today = useStudentToday();

  useEffect(() => {
    if (!notify || !canNotify()) return;
    const due = tasksToNotify(tasks, today, remindDaysBefore, readNotified());
    if (due.length === 0) return;
    markNotified(
      due.map((item) => reminderKey(item.task, item.due)),
      new Set(tasks.map((task) => task.id)),
    );
    for (const item of due) {
      try {
        const notification = new window.Notification(HEADINGS[item.kind], {
          body: item.task.title,
          tag: `task-reminder:${reminderKey(item.task, item.due)}`,
        });
        notification.onclick = () => {
          window.focus();
          onOpen();
          notification.close();
        };
      } catch {
        // Some mobile browsers only notify from a service worker; the bell still lists the task.
      }
    }
  }, [tasks, today, notify, remindDaysBefore, onOpen]);
}
