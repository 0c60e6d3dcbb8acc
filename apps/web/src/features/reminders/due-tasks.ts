import { addDays, dueDayOf } from '@studycircle/shared';
import { isTaskDone, type Task } from '../tasks';

/**
 * Which tasks need attention (docs/product.md §11.5; due is a yyyy-mm-dd date string, §11.4): open
 * tasks that are overdue, due today or due tomorrow, by the student's own calendar day: `today` is
 * that day, from lib/student-day.ts (docs/decisions/0062).
 */

/** The task's due day (yyyy-mm-dd), or null when it has none or it cannot be read. */
export const dueDay = (task: Pick<Task, 'due'>): string | null => dueDayOf(task.due);

export type ReminderKind = 'overdue' | 'today' | 'tomorrow';

export interface TaskReminder {
  task: Task;
  kind: ReminderKind;
  due: string;
}

/** Open tasks overdue, due today or tomorrow, most urgent first (then by due date and title). */
export function taskReminders(tasks: readonly Task[], today: string): TaskReminder[] {
  const tomorrow = addDays(today, 1);
  const order: Record<ReminderKind, number> = { overdue: 0, today: 1, tomorrow: 2 };
  const result: TaskReminder[] = [];
  for (const task of tasks) {
    const due = dueDay(task);
    if (!due || isTaskDone(task)) continue;
    const kind: ReminderKind | null =
      due < today ? 'overdue' : due === today ? 'today' : due === tomorrow ? 'tomorrow' : null;
    if (kind) result.push({ task, kind, due });
  }
  return result.sort(
    (a, b) =>
      order[a.kind] - order[b.kind] ||
      a.due.localeCompare(b.due) ||
      a.task.title.localeCompare(b.task.title),
  );
}

/** The dedupe key of one reminder: a task notifies once per due date (a new date notifies again). */
export const reminderKey = (task: Pick<Task, 'id'>, due: string) => `${task.id}|${due}`;

/**
 * The open tasks whose reminder is due now and has not been shown: due on or before
 * today + `daysBefore`.
 */
export function tasksToNotify(
  tasks: readonly Task[],
  today: string,
  daysBefore: number,
  alreadyNotified: ReadonlySet<string>,
): TaskReminder[] {
  const until = addDays(today, daysBefore);
  const result: TaskReminder[] = [];
  for (const task of tasks) {
    const due = dueDay(task);
    if (!due || isTaskDone(task) || due > until) continue;
    if (alreadyNotified.has(reminderKey(task, due))) continue;
    result.push({
      task,
      due,
      kind: due < today ? 'overdue' : due === today ? 'today' : 'tomorrow',
    });
  }
  return result;
}
