import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageWriteError } from '../../lib/storage';
import {
  attachChangeSink,
  attachHoldControl,
  forgetSyncedAccount,
  markSyncedAccount,
  type LocalChange,
} from '../../lib/sync/local-changes';
import {
  TASKS_KEY,
  addTask,
  deleteTask,
  deleteTaskUndoably,
  undoDeleteTask,
  isTaskDone,
  readTasks,
  subscribeTasks,
  toggleTask,
} from './tasks-store';

const stored = () => JSON.parse(localStorage.getItem(TASKS_KEY) ?? 'null') as unknown;

afterEach(() => {
  vi.restoreAllMocks();
});

// First: the storage-full test below leaves jsdom's localStorage refusing writes.
describe('an undoable delete (docs/decisions/0064)', () => {
  afterEach(() => {
    forgetSyncedAccount();
    localStorage.clear();
  });

  it('puts the task back before the one that followed it, though the list changed meanwhile', async () => {
    const a = addTask({ title: 'A' })!;
    const b = addTask({ title: 'B' })!;
    addTask({ title: 'C' });
    const deleted = deleteTaskUndoably(b.id)!;
    deleteTask(a.id);
    expect(readTasks().map((t) => t.title)).toEqual(['C']);
    await expect(undoDeleteTask(deleted)).resolves.toBe(true);
    expect(readTasks().map((t) => t.title)).toEqual(['B', 'C']);
    expect(readTasks()[0]).toEqual(b);
  });

  it('when the delete had already reached the server, Undo sends the task again', async () => {
    markSyncedAccount('acct-1');
    const seen: LocalChange[] = [];
    const detach = [
      attachChangeSink((changes) => seen.push(...changes)),
      attachHoldControl({ withdraw: async () => false, release: async () => undefined }),
    ];
    try {
      const task = addTask({ title: 'Sent too soon' })!;
      const deleted = deleteTaskUndoably(task.id)!;
      await expect(undoDeleteTask(deleted)).resolves.toBe(false);
      // The server keeps a deleted record deleted: it refuses this put, and the engine then
      // removes the task here too, so the devices never disagree.
      expect(seen.map((c) => c.op)).toEqual(['put', 'delete', 'put']);
      expect(seen.at(-1)).toMatchObject({ id: task.id, data: { title: 'Sent too soon' } });
    } finally {
      detach.forEach((d) => d());
    }
  });
});

describe('tasks store (userTasks)', () => {
  it('appends a trimmed task with the stored fields and medium priority by default', () => {
    const task = addTask({ title: '  Revise calculus  ' }, 1_700_000_000_000);
    expect(task).toMatchObject({
      title: 'Revise calculus',
      due: null,
      priority: 'medium',
      status: 'open',
      createdAt: 1_700_000_000_000,
    });
    addTask({ title: 'Second', due: '2026-12-01', priority: 'high' });
    const list = stored() as { title: string; due: string | null; priority: string }[];
    expect(list.map((t) => t.title)).toEqual(['Revise calculus', 'Second']);
    expect(list[1]).toMatchObject({ due: '2026-12-01', priority: 'high' });
    expect(new Set(readTasks().map((t) => t.id)).size).toBe(2);
  });

  it('silently ignores an empty or whitespace-only title', () => {
    expect(addTask({ title: '   ' })).toBeNull();
    expect(localStorage.getItem(TASKS_KEY)).toBeNull();
  });

  it('toggles open to done and back, keeping status and the completed flag in step', () => {
    const task = addTask({ title: 'Essay' })!;
    const done = toggleTask(task.id, 1234)!;
    expect(done).toMatchObject({ status: 'done', completed: true, completedAt: 1234 });
    expect(isTaskDone(readTasks()[0]!)).toBe(true);
    const open = toggleTask(task.id)!;
    expect(open).toMatchObject({ status: 'open', completed: false });
    expect(open.completedAt).toBeUndefined();
  });

  it('deletes a task in any state', () => {
    const a = addTask({ title: 'A' })!;
    const b = addTask({ title: 'B' })!;
    toggleTask(b.id);
    deleteTask(b.id);
    deleteTask(a.id);
    expect(readTasks()).toEqual([]);
  });

  it('reads a corrupt or non-list value as empty and skips corrupt entries', () => {
    localStorage.setItem(TASKS_KEY, '{not json');
    expect(readTasks()).toEqual([]);
    localStorage.setItem(TASKS_KEY, JSON.stringify({ title: 'x' }));
    expect(readTasks()).toEqual([]);
    localStorage.setItem(
      TASKS_KEY,
      JSON.stringify([null, 5, { id: 'a' }, { id: 'b', title: 'Ok', priority: 'urgent' }]),
    );
    expect(readTasks()).toEqual([
      expect.objectContaining({ id: 'b', title: 'Ok', priority: 'medium', status: 'open' }),
    ]);
  });

  it('reads a task marked completed by the dashboard as done', () => {
    localStorage.setItem(
      TASKS_KEY,
      JSON.stringify([{ id: 'x', title: 'T', status: 'open', completed: true, createdAt: 1 }]),
    );
    expect(readTasks()[0]).toMatchObject({ status: 'done', completed: true });
  });

  it('notifies subscribers of changes and stops after unsubscribing', () => {
    const listener = vi.fn();
    const stop = subscribeTasks(listener);
    addTask({ title: 'A' });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    addTask({ title: 'B' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('throws StorageWriteError on a full storage and keeps what was saved', () => {
    addTask({ title: 'Saved' });
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => addTask({ title: 'Lost' })).toThrow(StorageWriteError);
    vi.restoreAllMocks();
    expect(readTasks().map((t) => t.title)).toEqual(['Saved']);
  });
});
