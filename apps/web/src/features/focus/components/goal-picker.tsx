import { useId } from 'react';
import { FOCUS_LIMITS, type FocusGoal } from '@studycircle/shared/focus';
import { cn } from '../../../ui/cn';
import { inputClasses } from '../../../ui/field';
import { addTask, isTaskDone, readTasks, type Task } from '../../tasks';
import { TONE, type FocusTone } from './tone';

/**
 * A goal for the session: one of the student's open tasks, or a new one typed here. A typed goal
 * becomes a task through the tasks store (the Tasks page's own `addTask`), so it is synced with
 * the rest of the student's tasks; the server only keeps its id and title.
 */
export interface GoalDraft {
  taskId: string;
  typed: string;
}

export const EMPTY_GOAL: GoalDraft = { taskId: '', typed: '' };

/**
 * The goal the draft names, making the typed one a task first; null when none was given. Throws
 * the storage error when the browser refuses to save the new task.
 */
export function resolveGoal(draft: GoalDraft): FocusGoal | null {
  const typed = draft.typed.trim();
  if (typed) {
    const task = addTask({ title: typed.slice(0, FOCUS_LIMITS.goalTitleMax) });
    return task && { taskId: task.id, title: task.title };
  }
  const picked = draft.taskId && readTasks().find((t) => t.id === draft.taskId);
  return picked
    ? { taskId: picked.id, title: picked.title.slice(0, FOCUS_LIMITS.goalTitleMax) }
    : null;
}

export function GoalPicker({
  tasks,
  draft,
  onChange,
  tone,
  legend = 'Your goal (optional)',
}: {
  tasks: readonly Task[];
  draft: GoalDraft;
  onChange(draft: GoalDraft): void;
  tone: FocusTone;
  legend?: string;
}) {
  const id = useId();
  const open = tasks.filter((t) => !isTaskDone(t));
  const label = cn('block text-sm font-medium', TONE[tone].text);
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className={cn('text-sm font-semibold', TONE[tone].text)}>{legend}</legend>
      <div className="grid min-w-0 gap-3 sm:grid-cols-2">
        {open.length > 0 && (
          <div className="min-w-0 space-y-1.5">
            <label htmlFor={`${id}-task`} className={label}>
              One of your tasks
            </label>
            <select
              id={`${id}-task`}
              value={draft.taskId}
              disabled={draft.typed.trim() !== ''}
              onChange={(e) => onChange({ ...draft, taskId: e.target.value })}
              className={cn(inputClasses, 'min-w-0 truncate')}
            >
              <option value="">No task picked</option>
              {open.map((task) => (
                <option key={task.id} value={task.id}>
                  {task.title}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="min-w-0 space-y-1.5">
          <label htmlFor={`${id}-typed`} className={label}>
            {open.length > 0 ? 'Or type a new one' : 'Type a goal'}
          </label>
          <input
            id={`${id}-typed`}
            type="text"
            value={draft.typed}
            maxLength={FOCUS_LIMITS.goalTitleMax}
            placeholder="Finish the chapter 4 notes"
            aria-describedby={`${id}-hint`}
            onChange={(e) => onChange({ ...draft, typed: e.target.value })}
            className={inputClasses}
          />
          <p id={`${id}-hint`} className={cn('text-xs', TONE[tone].muted)}>
            A typed goal is added to your tasks.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
