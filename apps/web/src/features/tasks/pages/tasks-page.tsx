import { useState, type FormEvent } from 'react';
import { CalendarDays, CheckCircle2, Circle, ClipboardList, Plus, Trash2 } from 'lucide-react';
import { Alert } from '../../../ui/alert';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { Field, inputClasses } from '../../../ui/field';
import { EmptyState } from '../../../ui/empty-state';
import { formatDateOnly, formatDay } from '../../../lib/dates';
import { StorageWriteError } from '../../../lib/storage';
import {
  TASK_PRIORITIES,
  addTask,
  deleteTask,
  isTaskDone,
  toggleTask,
  useTasks,
  type Task,
  type TaskPriority,
} from '../tasks-store';

/**
 * docs/product.md §11.3: high red, medium yellow, low green; the badge's words carry the meaning
 * too.
 */
const PRIORITY: Record<TaskPriority, { label: string; tone: BadgeTone }> = {
  high: { label: 'High', tone: 'danger' },
  medium: { label: 'Medium', tone: 'yellow' },
  low: { label: 'Low', tone: 'success' },
};

function TaskCard({ task, onError }: { task: Task; onError: (error: unknown) => void }) {
  const done = isTaskDone(task);
  const { label, tone } = PRIORITY[task.priority];
  const run = (action: () => void) => {
    try {
      action();
    } catch (error) {
      onError(error);
    }
  };
  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm',
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
          {task.due && (
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="h-3.5 w-3.5" />
              Due {formatDateOnly(task.due)}
            </span>
          )}
          {task.createdAt > 0 && <span>Created {formatDay(task.createdAt)}</span>}
        </div>
      </div>
      <button
        type="button"
        onClick={() => run(() => deleteTask(task.id))}
        aria-label={`Delete "${task.title}"`}
        className="-m-1 shrink-0 rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </button>
    </li>
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

  const showError = (err: unknown) => {
    if (err instanceof StorageWriteError) setError(err.message);
    else throw err;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      // docs/product.md §11.2: an empty or whitespace-only title is silently ignored.
      if (!addTask({ title, due: due || null, priority })) return;
    } catch (err) {
      showError(err);
      return;
    }
    setTitle('');
    setDue('');
    setPriority('medium');
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Tasks</h1>
        <p className="mt-1 text-slate-600">Plan, track, and complete your study tasks.</p>
      </header>

      <Card className="mt-6 p-4 sm:p-6">
        <form onSubmit={onSubmit} aria-label="New task" className="grid gap-4 sm:grid-cols-6">
          <Field
            label="Title"
            name="title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
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
        <h2 id="task-list-heading" className="sr-only">
          Your tasks
        </h2>
        {tasks.length === 0 ? (
          <EmptyState
            look="page"
            icon={<ClipboardList aria-hidden="true" className="h-10 w-10 text-slate-300" />}
          >
            No tasks yet. Create your first task.
          </EmptyState>
        ) : (
          <ul className="flex flex-col gap-3">
            {tasks.map((task) => (
              <TaskCard key={task.id} task={task} onError={showError} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
