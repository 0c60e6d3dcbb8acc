import { dueDayOf, dueStatus } from '@studycircle/shared';
import { isTaskDone, type Task, type TaskPriority } from './tasks-store';

/**
 * The board's columns and the list's sort orders (the features page's "task boards",
 * docs/product.md §14.2). Pure functions of the stored tasks and today's date, so the page, its
 * tests and any later server sync agree.
 *
 * Days are the student's own calendar days, in the zone saved in Settings or else the browser's
 * (docs/decisions/0062): a task due yesterday in Toronto is overdue in Toronto, whatever the hour
 * is in Kolkata. `today` is that day, from lib/student-day.ts.
 */

export const BOARD_COLUMNS = ['overdue', 'today', 'upcoming', 'done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export const COLUMN_LABELS: Record<BoardColumn, string> = {
  overdue: 'Overdue',
  today: 'Today',
  upcoming: 'Upcoming',
  done: 'Done',
};

/**
 * Where a task sits on the board: done whatever its date; open tasks by their due day against
 * today. An open task without a due date is upcoming (nothing makes it late).
 */
export function taskColumn(task: Task, today: string): BoardColumn {
  return isTaskDone(task) ? 'done' : dueStatus(task.due, today);
}

/** An open task whose due day is before today. */
export const isOverdue = (task: Task, today: string) => taskColumn(task, today) === 'overdue';

/** The tasks of each column, each column in the given order of `tasks`. */
export function boardColumns(tasks: readonly Task[], today: string): Record<BoardColumn, Task[]> {
  const columns: Record<BoardColumn, Task[]> = { overdue: [], today: [], upcoming: [], done: [] };
  for (const task of tasks) columns[taskColumn(task, today)].push(task);
  return columns;
}

/**
 * The list's orders. `added` is the stored order (oldest first), the order the page has always
 * shown and the default.
 */
export const TASK_SORTS = ['added', 'newest', 'due', 'priority'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const SORT_LABELS: Record<TaskSort, string> = {
  added: 'Oldest first',
  newest: 'Newest first',
  due: 'Due date',
  priority: 'Priority',
};

const PRIORITY_RANK: Record<TaskPriority, number> = { high: 0, medium: 1, low: 2 };

/**
 * A sorted copy. Due date: soonest first, tasks without one last. Priority: high to low. Newest:
 * latest created first. Ties keep the stored order (the sort is stable).
 */
export function sortTasks(tasks: readonly Task[], sort: TaskSort): Task[] {
  const list = [...tasks];
  switch (sort) {
    case 'newest':
      return list.reverse().sort((a, b) => b.createdAt - a.createdAt);
    case 'due':
      return list.sort((a, b) => {
        const da = dueDayOf(a.due);
        const db = dueDayOf(b.due);
        if (da === db) return 0;
        if (da === null) return 1;
        if (db === null) return -1;
        return da.localeCompare(db);
      });
    case 'priority':
      return list.sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]);
    default:
      return list;
  }
}
