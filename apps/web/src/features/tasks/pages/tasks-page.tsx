import { useRef, useState, type FormEvent } from 'react';
import {
  AlertTriangle,
  CalendarDays,
  CheckCircle2,
  Circle,
  ClipboardList,
  Columns3,
  List,
  Pencil,
  Plus,
  Trash2,
} from 'lucide-react';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { Field, inputClasses } from '../../../ui/field';
import { EmptyState } from '../../../ui/empty-state';
import { pageClasses } from '../../../ui/page-width';
import { formatDateOnly, formatDay } from '../../../lib/dates';
import { StorageWriteError, readString, writeString } from '../../../lib/storage';
import { useStudentToday } from '../../../lib/student-day';
import { PRIORITY } from '../components/priority';
import { TaskEditDialog } from '../components/task-edit-dialog';
import {
  BOARD_COLUMNS,
  COLUMN_LABELS,
  SORT_LABELS,
  TASK_SORTS,
  boardColumns,
  isOverdue,
  sortTasks,
  type BoardColumn,
  type TaskSort,
} from '../task-board';
import {
  TASK_PRIORITIES,
  addTask,
  isTaskDone,
  toggleTask,
  useTasks,
  type Task,
  type TaskPriority,
} from '../tasks-store';
import { deleteTaskWithUndo } from '../undo-delete';

/** After Undo, the keyboard goes back to the restored task (the Undo button has gone). */
function focusRestored(task: Task): void {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[data-delete-task="${CSS.escape(task.id)}"]`)?.focus(),
  );
}

/** The page's view and sort, remembered in this browser (not part of the stored tasks). */
const VIEW_KEY = 'tasksView';
const SORT_KEY = 'tasksSort';
type TasksView = 'list' | 'board';

function readView(): TasksView {
  return readString(VIEW_KEY) === 'board' ? 'board' : 'list';
}
function readSort(): TaskSort {
  const stored = readString(SORT_KEY);
  return TASK_SORTS.includes(stored as TaskSort) ? (stored as TaskSort) : 'added';
}

function TaskCard({
  task,
  today,
  compact = false,
  onEdit,
  onError,
}: {
  task: Task;
  today: string;
  /** The board's narrower card: the creation date is left out. */
  compact?: boolean;
  onEdit: (task: Task) => void;
  onError: (error: unknown) => void;
}) {
  const done = isTaskDone(task);
  const overdue = isOverdue(task, today);
  const { label, tone } = PRIORITY[task.priority];
  const run = (action: () => void) => {
    try {
      action();
    } catch (error) {
      onError(error);
    }
  };
  // On the board's narrow cards the buttons go under the text, so the title keeps the width.
  const actions = (
    <div className="-m-1 flex shrink-0 items-center">
      <button
        type="button"
        onClick={() => onEdit(task)}
        data-edit-task={task.id}
        aria-label={`Edit "${task.title}"`}
        className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Pencil aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        onClick={() => run(() => deleteTaskWithUndo(task.id, { onUndone: focusRestored }))}
        data-delete-task={task.id}
        aria-label={`Delete "${task.title}"`}
        className="rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </button>
    </div>
  );
  return (
    <li
      data-overdue={overdue || undefined}
      className={cn(
        'flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm',
        // The word "Overdue" says it; the red edge only repeats it for a quick scan.
        overdue && 'border-l-4 border-l-red-600',
        // Dimmed without opacity, which would push the small text below contrast minimums.
        done && 'border-slate-200/70 bg-slate-50 shadow-none',
      )}
    >
      <button
        type="button"
        onClick={() => run(() => toggleTask(task.id))}
        role="checkbox"
        aria-checked={done}
        aria-label={`Mark "${task.title}" as done`}
        className="-m-1 shrink-0 rounded-full p-1 text-slate-400 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {done ? (
          <CheckCircle2 aria-hidden="true" className="h-6 w-6 text-green-600" />
        ) : (
          <Circle aria-hidden="true" className="h-6 w-6" />
        )}
      </button>
      <div className="min-w-0 flex-1">
        <p
          className={cn(
            'font-medium break-words text-slate-900',
            done && 'text-slate-500 line-through',
          )}
        >
          {task.title}
          {done && <span className="sr-only"> (done)</span>}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
          <Badge tone={tone}>{label} priority</Badge>
          {overdue && (
            <span className="inline-flex items-center gap-1 font-semibold text-red-700">
              <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
              Overdue
            </span>
          )}
          {task.due && (
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
              Due {formatDateOnly(task.due)}
            </span>
          )}
          {!compact && task.createdAt > 0 && <span>Created {formatDay(task.createdAt)}</span>}
        </div>
        {compact && <div className="mt-2">{actions}</div>}
      </div>
      {!compact && actions}
    </li>
  );
}

const COLUMN_STYLE: Record<BoardColumn, string> = {
  overdue: 'border-t-red-600',
  today: 'border-t-amber-500',
  upcoming: 'border-t-brand-600',
  done: 'border-t-green-600',
};

/** The board: one column per state, by the person's own calendar day. */
function TaskBoard({
  tasks,
  today,
  onEdit,
  onError,
}: {
  tasks: readonly Task[];
  today: string;
  onEdit: (task: Task) => void;
  onError: (error: unknown) => void;
}) {
  const columns = boardColumns(tasks, today);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {BOARD_COLUMNS.map((column) => {
        const headingId = `task-column-${column}`;
        const items = columns[column];
        return (
          <section
            key={column}
            aria-labelledby={headingId}
            className={cn(
              'min-w-0 rounded-2xl border border-t-4 border-slate-200 bg-slate-50 p-3',
              COLUMN_STYLE[column],
            )}
          >
            <h3
              id={headingId}
              className="flex items-center justify-between px-1 text-sm font-semibold text-slate-900"
            >
              {COLUMN_LABELS[column]}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
                <span className="sr-only">, </span>
                {items.length}
                <span className="sr-only"> {items.length === 1 ? 'task' : 'tasks'}</span>
              </span>
            </h3>
            {items.length === 0 ? (
              <p className="px-1 py-3 text-sm text-slate-600">Nothing here.</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {items.map((task) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    today={today}
                    compact
                    onEdit={onEdit}
                    onError={onError}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/**
 * Tasks (/tasks, docs/product.md §11.1; no sign-in needed): a form to add a task with an optional
 * due date and a priority, and the list stored under userTasks, where each task can be ticked off,
 * reopened or deleted.
 */
export function TasksPage() {
  const tasks = useTasks();
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('medium');
  const [error, setError] = useState<string | null>(null);
  // Add with no title: the title field is marked invalid and takes the keyboard (below).
  const [titleMissing, setTitleMissing] = useState(false);
  const titleField = useRef<HTMLInputElement>(null);
  const [view, setView] = useState<TasksView>(readView);
  const [sort, setSort] = useState<TaskSort>(readSort);
  const [editing, setEditing] = useState<Task | null>(null);
  const today = useStudentToday();
  const sorted = sortTasks(tasks, sort);

  const chooseView = (next: TasksView) => {
    setView(next);
    writeString(VIEW_KEY, next);
  };
  const chooseSort = (next: TaskSort) => {
    setSort(next);
    writeString(SORT_KEY, next);
  };

  const showError = (err: unknown) => {
    if (err instanceof StorageWriteError) setError(err.message);
    else throw err;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      // docs/product.md §11.2: an empty or whitespace-only title adds nothing and shows no
      // message; the field still says what is missing by taking focus and being marked invalid
      // (a red border, and "invalid entry" read out), so Add never seems to do nothing.
      if (!addTask({ title, due: due || null, priority })) {
        setTitleMissing(true);
        titleField.current?.focus();
        return;
      }
    } catch (err) {
      showError(err);
      return;
    }
    setTitle('');
    setDue('');
    setPriority('medium');
  };

  return (
    // Four columns need the room; the list reads best narrow.
    <div className={pageClasses(view === 'board' ? 'wide' : 'narrow')}>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Tasks</h1>
        <p className="mt-1 text-slate-600">Plan, track, and complete your study tasks.</p>
      </header>

      <Card className="mt-6 p-4 sm:p-6">
        <form onSubmit={onSubmit} aria-label="New task" className="grid gap-4 sm:grid-cols-6">
          <Field
            label="Title"
            name="title"
            ref={titleField}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setTitleMissing(false);
            }}
            aria-invalid={titleMissing || undefined}
            placeholder="What do you need to do?"
            maxLength={200}
            autoComplete="off"
            className="sm:col-span-6"
          />
          <Field
            label="Due date"
            name="due"
            type="date"
            value={due}
            onChange={(e) => setDue(e.target.value)}
            className="sm:col-span-3"
          />
          <div className="space-y-1.5 sm:col-span-2">
            <label htmlFor="task-priority" className="block text-sm font-medium text-slate-700">
              Priority
            </label>
            <select
              id="task-priority"
              name="priority"
              value={priority}
              onChange={(e) => setPriority(e.target.value as TaskPriority)}
              className={inputClasses}
            >
              {TASK_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY[p].label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-end sm:col-span-1">
            <Button type="submit" className="w-full">
              <Plus aria-hidden="true" className="h-4 w-4" />
              Add
            </Button>
          </div>
        </form>
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
      </Card>

      <section aria-labelledby="task-list-heading" className="mt-8">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="task-list-heading" className="text-lg font-semibold text-slate-900">
            Your tasks
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <div className="space-y-1">
              <label htmlFor="task-sort" className="block text-sm font-medium text-slate-700">
                Sort by
              </label>
              <select
                id="task-sort"
                value={sort}
                onChange={(e) => chooseSort(e.target.value as TaskSort)}
                className={cn(inputClasses, 'h-10 py-1.5')}
              >
                {TASK_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div
              role="group"
              aria-label="Task view"
              className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5"
            >
              {(['list', 'board'] as const).map((v) => (
                <button
                  key={v}
                  type="button"
                  aria-pressed={view === v}
                  onClick={() => chooseView(v)}
                  className={cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                    view === v ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {v === 'list' ? (
                    <List aria-hidden="true" className="h-4 w-4" />
                  ) : (
                    <Columns3 aria-hidden="true" className="h-4 w-4" />
                  )}
                  {v === 'list' ? 'List' : 'Board'}
                </button>
              ))}
            </div>
          </div>
        </div>
        {tasks.length === 0 ? (
          <EmptyState
            look="page"
            icon={<ClipboardList aria-hidden="true" className="h-10 w-10 text-slate-300" />}
          >
            No tasks yet. Create your first task.
          </EmptyState>
        ) : view === 'board' ? (
          <TaskBoard tasks={sorted} today={today} onEdit={setEditing} onError={showError} />
        ) : (
          <ul className="flex flex-col gap-3">
            {sorted.map((task) => (
              <TaskCard
                key={task.id}
                task={task}
                today={today}
                onEdit={setEditing}
                onError={showError}
              />
            ))}
          </ul>
        )}
      </section>
      <TaskEditDialog
        task={editing}
        onClose={() => setEditing(null)}
        returnFocus={(id) =>
          document.querySelector<HTMLElement>(`[data-edit-task="${CSS.escape(id)}"]`)
        }
      />
    </div>
  );
}
