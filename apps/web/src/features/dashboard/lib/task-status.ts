import { dateKeyInZone } from './day-of-year';

/**
 * The dashboard's display status of a task (docs/product.md §4.7): completed when completed is
 * set, overdue when its due day (a yyyy-mm-dd date) is before today in Asia/Kolkata, otherwise
 * upcoming. A task due today is not overdue yet.
 */
export type TaskDisplayStatus = 'completed' | 'overdue' | 'upcoming';

export function taskDisplayStatus(
  task: { completed?: boolean; status?: string; due: string | null },
  now: Date = new Date(),
): TaskDisplayStatus {
  if (task.completed || task.status === 'done') return 'completed';
  if (task.due && /^\d{4}-\d{2}-\d{2}$/.test(task.due) && task.due < dateKeyInZone(now)) {
    return 'overdue';
  }
  return 'upcoming';
}

/** How many tasks were created on today's Kolkata date: the Daily Tasks figure. */
export function tasksCreatedToday(tasks: readonly { createdAt: number }[], now: Date = new Date()) {
  const today = dateKeyInZone(now);
  return tasks.filter((t) => t.createdAt > 0 && dateKeyInZone(new Date(t.createdAt)) === today)
    .length;
}
