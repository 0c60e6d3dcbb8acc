import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  attachChangeSink,
  attachHoldControl,
  forgetSyncedAccount,
  markSyncedAccount,
  type LocalChange,
} from '../../lib/sync/local-changes';
import { dismissToast, loadToastCard, Toaster } from '../../ui/toast';
import { TasksPage } from './pages/tasks-page';
import { readTasks, TASKS_KEY, type Task } from './tasks-store';
import { UNDO_MS } from './undo-delete';

const task = (id: string, title: string): Task => ({
  id,
  title,
  due: '2026-12-01',
  priority: 'high',
  status: 'open',
  completed: false,
  createdAt: Number(id) * 1000,
});
const STORED = [task('1', 'Essay outline'), task('2', 'Lab report'), task('3', 'Flashcards')];

/** What the sync engine is asked to do: queue, withdraw and release (lib/sync/local-changes). */
function fakeEngine() {
  const queued: LocalChange[] = [];
  const withdrawn: string[] = [];
  const released: string[] = [];
  const detach = [
    attachChangeSink((changes) => queued.push(...changes)),
    attachHoldControl({
      withdraw: async (id) => {
        withdrawn.push(id);
        return true;
      },
      release: async (id) => {
        released.push(id);
      },
    }),
  ];
  return { queued, withdrawn, released, detach: () => detach.forEach((d) => d()) };
}

let engine: ReturnType<typeof fakeEngine>;
beforeAll(() => loadToastCard());
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(TASKS_KEY, JSON.stringify(STORED));
  markSyncedAccount('acct-1');
  engine = fakeEngine();
});
afterEach(() => {
  act(() => {
    for (let id = 0; id < 1000; id += 1) dismissToast(id);
  });
  engine.detach();
  forgetSyncedAccount();
  vi.useRealTimers();
  localStorage.clear();
});

function page() {
  render(
    <>
      <TasksPage />
      <Toaster />
    </>,
  );
}
describe('deleting a task with Undo (docs/decisions/0064)', () => {
  it('removes the task at once, holds its delete, and Undo puts it back as it was', async () => {
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Delete "Lab report"' }));
    expect(readTasks().map((t) => t.id)).toEqual(['1', '3']);
    expect(screen.getByRole('status')).toHaveTextContent('Task deleted.');
    // Reported for the account, but held for the Undo window.
    expect(engine.queued).toEqual([
      expect.objectContaining({ op: 'delete', kind: 'task', id: '2', holdMs: expect.any(Number) }),
    ]);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    // The Delete button went with its task: the keyboard is on Undo.
    expect(undo).toHaveFocus();

    await user.keyboard('{Enter}');
    // Same id, same fields, same place; the held delete withdrawn, nothing else sent.
    await waitFor(() => expect(engine.withdrawn).toEqual([engine.queued[0]?.mutationId]));
    expect(readTasks()).toEqual(STORED);
    expect(engine.queued).toHaveLength(1);
    expect(engine.released).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete "Lab report"' })).toHaveFocus(),
    );
  });

  it('commits the delete when the toast ends without Undo', async () => {
    vi.useFakeTimers();
    page();
    act(() => screen.getByRole('button', { name: 'Delete "Essay outline"' }).click());
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 100));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(engine.released).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(engine.released).toEqual([engine.queued[0]?.mutationId]);
    expect(readTasks().map((t) => t.id)).toEqual(['2', '3']);
  });

  it('a second delete ends the first one’s Undo and commits it', async () => {
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Delete "Essay outline"' }));
    await user.click(screen.getByRole('button', { name: 'Delete "Flashcards"' }));
    expect(engine.released).toEqual([engine.queued[0]?.mutationId]);
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(readTasks().map((t) => t.id)).toEqual(['2', '3']));
  });

  it('leaving the page during the window commits the delete, it is not lost', async () => {
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Delete "Flashcards"' }));
    expect(engine.released).toEqual([]);
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
    });
    expect(engine.released).toEqual([engine.queued[0]?.mutationId]);
    expect(engine.withdrawn).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
