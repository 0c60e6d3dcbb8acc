import { useSyncExternalStore } from 'react';
import type { TaskData } from '@studycircle/shared';
import { isRecord, readString, removeKey, writeJsonOrThrow } from '../../lib/storage';
import {
  releaseLocalChange,
  reportLocalChanges,
  syncedAccount,
  withdrawLocalChange,
  type LocalChange,
} from '../../lib/sync/local-changes';
import { placeIn, putBack } from '../../lib/sync/undoable-delete';

/**
 * The only code that touches the userTasks key (docs/product.md §11.4). The stored list is
 * the contract: returning users' data, the Tasks page, the dashboard and the reminders bell all
 * read it through this module, so a later server sync replaces the insides here, not the pages.
 *
 * Format of each entry: id, title (trimmed), due (a yyyy-mm-dd date string or null), priority
 * (low, medium, high), status (open or done, the Tasks page's field), createdAt (ms), and the
 * dashboard's completed flag with completedAt (ms). A toggle keeps status and completed in step,
 * so both readings agree. A corrupt key reads as an empty list; a corrupt entry is skipped.
 *
 * Writes throw StorageWriteError when the browser refuses them (storage full); the stored list is
 * then unchanged, so nothing already saved is lost.
 *
 * Signed in, the key is the account's offline copy (docs/product.md §15.4): each change made here
 * is reported to the sync engine (lib/sync/local-changes), and the engine writes the server's
 * changes back through applyRemoteTasks, which reports nothing.
 */

export const TASKS_KEY = 'userTasks';
/** Fired on window after every change made in this tab (the storage event covers other tabs). */
export const TASKS_UPDATED_EVENT = 'tasks-updated';

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export interface Task {
  id: string;
  title: string;
  /** A yyyy-mm-dd date (from the due date field), or null when the task has none. */
  due: string | null;
  priority: TaskPriority;
  status: 'open' | 'done';
  createdAt: number;
  completed?: boolean;
  completedAt?: number;
}

export interface NewTask {
  title: string;
  due?: string | null;
  priority?: TaskPriority;
}

const isPriority = (value: unknown): value is TaskPriority =>
  TASK_PRIORITIES.includes(value as TaskPriority);

/**
 * A task counts as completed when completed is set, or its status is done (docs/product.md §11.4).
 */
export function isTaskDone(task: Pick<Task, 'status' | 'completed'>): boolean {
  return task.completed === true || task.status === 'done';
}

/** Reads one stored entry leniently: older or hand-edited entries keep what can be understood. */
function toTask(value: unknown): Task | null {
  if (!isRecord(value)) return null;
  const id = typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id) : '';
  const title = typeof value.title === 'string' ? value.title.trim() : '';
  if (!id || !title) return null;
  const done = value.completed === true || value.status === 'done';
  const createdAt =
    typeof value.createdAt === 'number' && Number.isFinite(value.createdAt) ? value.createdAt : 0;
  const task: Task = {
    id,
    title,
    due: typeof value.due === 'string' && value.due.trim() !== '' ? value.due : null,
    priority: isPriority(value.priority) ? value.priority : 'medium',
    status: done ? 'done' : 'open',
    createdAt,
    completed: done,
  };
  if (done && typeof value.completedAt === 'number') task.completedAt = value.completedAt;
  return task;
}

/** Parses a raw stored value; anything that is not a list reads as empty. */
export function parseTasks(raw: string | null): Task[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.map(toTask).filter((task): task is Task => task !== null);
  } catch {
    return [];
  }
}

/** Every stored task, in stored order (oldest first: new tasks are appended). */
export function readTasks(): Task[] {
  return parseTasks(readString(TASKS_KEY));
}

function save(tasks: Task[]): void {
  writeJsonOrThrow(TASKS_KEY, tasks);
  window.dispatchEvent(new Event(TASKS_UPDATED_EVENT));
}

/** A task as the server stores it: everything but the id (packages/shared sync.ts). */
export function taskData(task: Task): TaskData {
  const { id: _id, ...data } = task;
  return data;
}

const put = (task: Task, mutationId?: string): LocalChange => ({
  op: 'put',
  kind: 'task',
  id: task.id,
  data: taskData(task),
  ...(mutationId ? { mutationId } : {}),
});

/** A unique id: randomUUID where the browser has it (secure contexts), else time plus random. */
export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Appends a task. An empty or whitespace-only title is silently ignored (docs/product.md §11.2):
 * the result is then null. Throws StorageWriteError when storage is full.
 */
export function addTask(input: NewTask, now: number = Date.now()): Task | null {
  const title = input.title.trim();
  if (!title) return null;
  const due = input.due && input.due.trim() !== '' ? input.due : null;
  const task: Task = {
    id: newId(),
    title,
    due,
    priority: input.priority && isPriority(input.priority) ? input.priority : 'medium',
    status: 'open',
    createdAt: now,
    completed: false,
  };
  save([...readTasks(), task]);
  reportLocalChanges([put(task)]);
  return task;
}

/** Flips open to done and back (docs/product.md §11.3). Returns the updated task, or null. */
export function toggleTask(id: string, now: number = Date.now()): Task | null {
  let updated: Task | null = null;
  const tasks = readTasks().map((task) => {
    if (task.id !== id) return task;
    const done = !isTaskDone(task);
    const next: Task = { ...task, status: done ? 'done' : 'open', completed: done };
    if (done) next.completedAt = now;
    else delete next.completedAt;
    updated = next;
    return next;
  });
  if (updated) {
    save(tasks);
    reportLocalChanges([put(updated)]);
  }
  return updated;
}

/** What the edit form may change: the fields the add form sets (docs/product.md §11.2). */
export interface TaskEdit {
  title: string;
  due: string | null;
  priority: TaskPriority;
}

/**
 * Changes a task's title, due date and priority, keeping its place in the list, its id, its
 * creation time and its state. An empty or whitespace-only title changes nothing, as when adding
 * (docs/product.md §11.2): the result is then null, as it is for an unknown id. Throws
 * StorageWriteError when storage is full.
 */
export function updateTask(id: string, edit: TaskEdit): Task | null {
  const title = edit.title.trim();
  if (!title) return null;
  let updated: Task | null = null;
  const tasks = readTasks().map((task) => {
    if (task.id !== id) return task;
    updated = {
      ...task,
      title,
      due: edit.due && edit.due.trim() !== '' ? edit.due : null,
      priority: isPriority(edit.priority) ? edit.priority : task.priority,
    };
    return updated;
  });
  if (updated) {
    save(tasks);
    reportLocalChanges([put(updated)]);
  }
  return updated;
}

/** Removes a task in any state. */
export function deleteTask(id: string): void {
  const tasks = readTasks();
  const rest = tasks.filter((task) => task.id !== id);
  if (rest.length === tasks.length) return;
  save(rest);
  reportLocalChanges([{ op: 'delete', kind: 'task', id }]);
}

/**
 * How long the sync engine keeps an undoable delete unsent when nothing ends its Undo sooner (the
 * tab closed during it): the Undo's 5 s with room to spare, so an Undo is never beaten by its own
 * delete (docs/decisions/0064-undo-a-delete.md).
 */
export const DELETE_HOLD_MS = 10_000;

/** A delete that can still be undone: the task as it was, and where it sat. */
export interface DeletedTask {
  task: Task;
  /** Its index in the stored list, and the id of the task after it (null: it was last). */
  index: number;
  nextId: string | null;
  /** The delete's mutation, held in the sync outbox until committed or withdrawn. */
  mutationId: string;
  /** Whose copy the list was (null: this device's guest data); Undo puts it back only there. */
  account: string | null;
}

/**
 * Removes a task here at once, but holds its delete back from the account's other devices until
 * commitDeletedTask (or the hold ends): undoDeleteTask puts it back as it was, everywhere. Null for
 * an unknown id. Throws StorageWriteError when storage refuses the write.
 */
export function deleteTaskUndoably(id: string): DeletedTask | null {
  const tasks = readTasks();
  const place = placeIn(tasks, id);
  if (!place) return null;
  save(tasks.filter((t) => t.id !== id));
  const mutationId = newId();
  reportLocalChanges([{ op: 'delete', kind: 'task', id, mutationId, holdMs: DELETE_HOLD_MS }]);
  return {
    task: place.item,
    index: place.index,
    nextId: place.nextId,
    mutationId,
    account: syncedAccount(),
  };
}

/** Ends a delete's Undo: the other devices are told now. */
export function commitDeletedTask(deleted: DeletedTask): void {
  releaseLocalChange(deleted.mutationId);
}

/**
 * Puts a deleted task back with its id and fields, before the task that followed it (or where it
 * was), and withdraws the held delete so no other device ever loses it. Resolves false when the
 * delete had already reached the server: the put sent then is refused there (a deleted record
 * stays deleted, docs/decisions/0022) and the engine removes the task here again.
 */
export async function undoDeleteTask(deleted: DeletedTask): Promise<boolean> {
  // Signed out (or in) meanwhile: the list is someone else's now, and the delete was sent.
  if (syncedAccount() !== deleted.account) return false;
  const restored = putBack(readTasks(), { ...deleted, item: deleted.task });
  if (restored) save(restored);
  const withdrawn = await withdrawLocalChange(deleted.mutationId);
  if (!withdrawn) reportLocalChanges([put(deleted.task)]);
  return withdrawn;
}

/** A record from the server: its data, or null once deleted. */
export interface RemoteTask {
  id: string;
  data: TaskData | null;
}

/**
 * Writes the server's changes into the list without reporting them back (they came from there):
 * a known task is replaced in place, a new one appended, a deleted one removed. Nothing is written
 * when nothing differs.
 */
export function applyRemoteTasks(records: readonly RemoteTask[]): void {
  if (records.length === 0) return;
  const raw = readString(TASKS_KEY);
  const tasks = parseTasks(raw);
  const index = new Map(tasks.map((task, i) => [task.id, i]));
  const next: (Task | null)[] = [...tasks];
  for (const { id, data } of records) {
    const at = index.get(id);
    const task = data ? toTask({ ...data, id }) : null;
    if (at === undefined) {
      if (task) index.set(id, next.push(task) - 1);
    } else {
      next[at] = task;
    }
  }
  const list = next.filter((task): task is Task => task !== null);
  if (JSON.stringify(list) !== raw) save(list);
}

/**
 * Adds tasks to the list as this device's own changes, keeping their ids (guest tasks taken into
 * the account): each is reported with the mutation id `mutationIdOf` gives it, so taking the same
 * tasks twice sends the same mutations, which the server applies once.
 */
export function adoptTasks(adopted: readonly Task[], mutationIdOf: (task: Task) => string): void {
  if (adopted.length === 0) return;
  const byId = new Map(adopted.map((task) => [task.id, task]));
  const kept = readTasks().filter((task) => !byId.has(task.id));
  save([...kept, ...adopted]);
  reportLocalChanges(adopted.map((task) => put(task, mutationIdOf(task))));
}

/** The key's raw value (the guest data set aside while an account's copy is in its place). */
export function readTasksRaw(): string | null {
  return readString(TASKS_KEY);
}

/** Removes the key (the account's copy at sign-out, or guest data once set aside). */
export function forgetTasks(): void {
  removeKey(TASKS_KEY);
  window.dispatchEvent(new Event(TASKS_UPDATED_EVENT));
}

/**
 * Puts set-aside guest tasks back, keeping any task already in the list (the same id is the same
 * task).
 */
export function restoreTasks(raw: string): void {
  const current = readTasks();
  const ids = new Set(current.map((task) => task.id));
  const back = parseTasks(raw).filter((task) => !ids.has(task.id));
  if (back.length > 0) save([...back, ...current]);
}

/**
 * Calls `listener` after any change to the tasks: from this tab (TASKS_UPDATED_EVENT) or another
 * (the storage event). Returns the unsubscribe function.
 */
export function subscribeTasks(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared all storage.
    if (event.key === TASKS_KEY || event.key === null) listener();
  };
  window.addEventListener(TASKS_UPDATED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TASKS_UPDATED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore needs the same array back while nothing changed: cache by the raw string.
let cachedRaw: string | null | undefined;
let cachedTasks: Task[] = [];
function snapshot(): Task[] {
  const raw = readString(TASKS_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedTasks = parseTasks(raw);
  }
  return cachedTasks;
}
const EMPTY: Task[] = [];

/** The stored tasks, re-rendering on every change in this tab or another. */
export function useTasks(): Task[] {
  return useSyncExternalStore(subscribeTasks, snapshot, () => EMPTY);
}
