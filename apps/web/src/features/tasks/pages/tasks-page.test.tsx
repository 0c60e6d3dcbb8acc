import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STUDENT_TIME_ZONE_KEY } from '../../../lib/student-day';
import { TASKS_KEY } from '../tasks-store';
import { TasksPage } from './tasks-page';

// 2026-11-24 at noon, local time: the person's own calendar day is the 24th.
const NOW = new Date(2026, 10, 24, 12, 0, 0);

function store(tasks: object[]) {
  localStorage.setItem(TASKS_KEY, JSON.stringify(tasks));
}
const task = (id: string, title: string, extra: object = {}) => ({
  id,
  title,
  due: null,
  priority: 'medium',
  status: 'open',
  completed: false,
  createdAt: Number(id) * 1000,
  ...extra,
});

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

const titles = (container: HTMLElement) =>
  within(container)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent?.replace(' (done)', ''));

describe('TasksPage board and list', () => {
  beforeEach(() => {
    store([
      task('1', 'Late essay', { due: '2026-11-20', priority: 'low' }),
      task('2', 'Quiz today', { due: '2026-11-24', priority: 'high' }),
      task('3', 'Read chapter', { due: '2026-12-01' }),
      task('4', 'Finished lab', { due: '2026-11-10', status: 'done', completed: true }),
      task('5', 'Someday'),
    ]);
  });

  it('puts each task in its column: Overdue, Today, Upcoming, Done', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Board' }));
    expect(screen.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true');
    const column = (name: RegExp) => screen.getByRole('region', { name });
    expect(titles(column(/^Overdue/))).toEqual(['Late essay']);
    expect(titles(column(/^Today/))).toEqual(['Quiz today']);
    expect(titles(column(/^Upcoming/))).toEqual(['Read chapter', 'Someday']);
    // A done task sits in Done even when its date has passed.
    expect(titles(column(/^Done/))).toEqual(['Finished lab']);
    // The view is remembered.
    expect(localStorage.getItem('tasksView')).toBe('board');
  });

  it('marks an open overdue task with the word, not colour alone', () => {
    render(<TasksPage />);
    const late = screen.getByText('Late essay').closest('li')!;
    expect(within(late).getByText('Overdue')).toBeVisible();
    const done = screen.getByText('Finished lab').closest('li')!;
    expect(within(done).queryByText('Overdue')).toBeNull();
    const today = screen.getByText('Quiz today').closest('li')!;
    expect(within(today).queryByText('Overdue')).toBeNull();
  });

  it('sorts by due date, priority and newest, remembering the choice', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    const list = screen.getByRole('region', { name: 'Your tasks' });
    expect(titles(list)).toEqual([
      'Late essay',
      'Quiz today',
      'Read chapter',
      'Finished lab',
      'Someday',
    ]);
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'Due date');
    expect(titles(list)).toEqual([
      'Finished lab',
      'Late essay',
      'Quiz today',
      'Read chapter',
      'Someday',
    ]);
    await user.selectOptions(sort, 'Priority');
    expect(titles(list)).toEqual([
      'Quiz today',
      'Read chapter',
      'Finished lab',
      'Someday',
      'Late essay',
    ]);
    await user.selectOptions(sort, 'Newest first');
    expect(titles(list)).toEqual([
      'Someday',
      'Finished lab',
      'Read chapter',
      'Quiz today',
      'Late essay',
    ]);
    expect(localStorage.getItem('tasksSort')).toBe('newest');
  });

  it('edits a task in a dialog and gives focus back to its Edit button', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Board' }));
    await user.click(screen.getByRole('button', { name: 'Edit "Late essay"' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveFocus();
    await user.clear(title);
    await user.type(title, 'Essay draft');
    const due = within(dialog).getByLabelText('Due date');
    await user.clear(due);
    await user.type(due, '2026-11-24');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Moved from Overdue to Today, keeping its id, its place and its creation time.
    expect(titles(screen.getByRole('region', { name: /^Today/ }))).toEqual([
      'Essay draft',
      'Quiz today',
    ]);
    expect(screen.getByRole('region', { name: /^Overdue/ })).toHaveTextContent('Nothing here.');
    const saved = JSON.parse(localStorage.getItem(TASKS_KEY)!) as Record<string, unknown>[];
    expect(saved[0]).toMatchObject({
      id: '1',
      title: 'Essay draft',
      due: '2026-11-24',
      priority: 'high',
      createdAt: 1000,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit "Essay draft"' })).toHaveFocus(),
    );
  });

  it('keeps the task unchanged when the edited title is blank', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Edit "Someday"' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('dialog', { name: 'Edit task' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Someday')).toBeVisible();
  });
});

describe('TasksPage form', () => {
  it('Add with an empty title adds nothing, shows no message, and puts the keyboard on the marked title', async () => {
    const user = userEvent.setup();
    render(<TasksPage />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.type(title, '   ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(TASKS_KEY)).toBeNull();

    // Typing clears the mark; a real title is added.
    await user.type(title, 'Revise');
    expect(title).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(JSON.parse(localStorage.getItem(TASKS_KEY) ?? '[]')).toMatchObject([
      { title: 'Revise' },
    ]);
  });
});

describe("the board in the student's own zone (decision 0062)", () => {
  it('puts a task due today in Toronto at 23:00 local under Today, not Overdue', async () => {
    // 23:00 on 28 November in Toronto (EST, UTC-5) is 04:00 on the 29th in UTC.
    vi.setSystemTime(new Date('2026-11-29T04:00:00Z'));
    localStorage.setItem(STUDENT_TIME_ZONE_KEY, 'America/Toronto');
    store([
      task('1', 'Essay due tonight', { due: '2026-11-28' }),
      task('2', 'Lab from yesterday', { due: '2026-11-27' }),
      task('3', 'Quiz tomorrow', { due: '2026-11-29' }),
    ]);
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Board' }));
    const column = (name: RegExp) => screen.getByRole('region', { name });
    expect(titles(column(/^Today/))).toEqual(['Essay due tonight']);
    expect(titles(column(/^Overdue/))).toEqual(['Lab from yesterday']);
    expect(titles(column(/^Upcoming/))).toEqual(['Quiz tomorrow']);
    const tonight = screen.getByText('Essay due tonight').closest('li')!;
    expect(within(tonight).queryByText('Overdue')).toBeNull();
  });

  it('follows a zone saved in another tab without a reload', async () => {
    vi.setSystemTime(new Date('2026-11-29T04:00:00Z'));
    localStorage.setItem(STUDENT_TIME_ZONE_KEY, 'UTC');
    store([task('1', 'Essay due tonight', { due: '2026-11-28' })]);
    const user = userEvent.setup();
    render(<TasksPage />);
    await user.click(screen.getByRole('button', { name: 'Board' }));
    const column = (name: RegExp) => screen.getByRole('region', { name });
    expect(titles(column(/^Overdue/))).toEqual(['Essay due tonight']);
    act(() => {
      localStorage.setItem(STUDENT_TIME_ZONE_KEY, 'America/Toronto');
      window.dispatchEvent(new StorageEvent('storage', { key: STUDENT_TIME_ZONE_KEY }));
    });
    expect(titles(column(/^Today/))).toEqual(['Essay due tonight']);
  });
});
