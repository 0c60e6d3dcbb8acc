/**
 * Tasks: the Tasks page and the userTasks store other features (the dashboard, the reminders
 * bell) read. Its API is stable: read, subscribe, add, edit, toggle, delete.
 */
export {
  TASKS_KEY,
  TASKS_UPDATED_EVENT,
  TASK_PRIORITIES,
  addTask,
  deleteTask,
  isTaskDone,
  readTasks,
  subscribeTasks,
  toggleTask,
  updateTask,
  useTasks,
} from './tasks-store';
export type { NewTask, Task, TaskEdit, TaskPriority } from './tasks-store';
