import { isTaskDone, type Task } from '../tasks';

/**
 * Which tasks need attention (docs/product.md §11.5; due is a yyyy-mm-dd date string, §11.4): open
 * tasks that are overdue, due today or due tomorrow, by the person's own calendar day.
 */

/** The local calendar date as yyyy-mm-dd (the form the due date field stores). */
export function localDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The yyyy-mm-dd date `days` after `day` (calendar arithmetic, immune to DST shifts). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** The task's due day (yyyy-mm-dd), or null when it has none or it cannot be read. */
export function dueDay(task: Pick<Task, 'due'>): string | null {
  if (!task.due) return null;
  const match = DATE.exec(task.due);
  return match ? match[0] : null;
}

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
