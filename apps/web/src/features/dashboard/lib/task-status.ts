import { dueStatus } from '@studycircle/shared';
import { dateKeyInZone } from './day-of-year';

/**
 * The dashboard's display status of a task (docs/product.md §4.7): completed when completed is
 * set, overdue when its due day (a yyyy-mm-dd date) is before `today`, otherwise upcoming. A task
 * due today is not overdue yet. `today` is the student's day, in their own zone, as the Tasks
 * board counts it (docs/decisions/0062), not Kolkata's.
 */
export type TaskDisplayStatus = 'completed' | 'overdue' | 'upcoming';

export function taskDisplayStatus(
  task: { completed?: boolean; status?: string; due: string | null },
  today: string,
): TaskDisplayStatus {
  if (task.completed || task.status === 'done') return 'completed';
  return dueStatus(task.due, today) === 'overdue' ? 'overdue' : 'upcoming';
}

/** How many tasks were created on today's Kolkata date: the Daily Tasks figure. */
export function tasksCreatedToday(tasks: readonly { createdAt: number }[], now: Date = new Date()) {
  const today = dateKeyInZone(now);
  return tasks.filter((t) => t.createdAt > 0 && dateKeyInZone(new Date(t.createdAt)) === today)
    .length;
}
