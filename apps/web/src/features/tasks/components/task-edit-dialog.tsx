import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../ui/dialog';
import { Field, inputClasses } from '../../../ui/field';
import { StorageWriteError } from '../../../lib/storage';
import { TASK_PRIORITIES, updateTask, type Task, type TaskPriority } from '../tasks-store';
import { PRIORITY } from './priority';

/**
 * Editing a task's title, due date and priority. The dialog traps focus and gives it back to the
 * Edit button that opened it. An empty title saves nothing (as when adding, docs/product.md
 * §11.2); a write the browser refuses keeps the dialog open with the text in it.
 */
export function TaskEditDialog({
  task,
  onClose,
  returnFocus,
}: {
  task: Task | null;
  onClose: () => void;
  /**
   * The task's Edit button once the dialog closes: a new due date can move the task to another
   * board column, where its button is a new element.
   */
  returnFocus: (id: string) => HTMLElement | null;
}) {
  return (
    <Dialog open={task !== null} onOpenChange={(next) => !next && onClose()}>
      {task && (
        <DialogContent title="Edit task" returnFocus={() => returnFocus(task.id)}>
          <EditForm key={task.id} task={task} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditForm({ task, onDone }: { task: Task; onDone: () => void }) {
  const [title, setTitle] = useState(task.title);
  const [due, setDue] = useState(task.due ?? '');
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [error, setError] = useState<string | null>(null);
  const priorityId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    try {
      if (updateTask(task.id, { title, due: due || null, priority })) onDone();
    } catch (err) {
      if (!(err instanceof StorageWriteError)) throw err;
      setError(err.message);
    }
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <Field
        label="Title"
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        maxLength={200}
        autoComplete="off"
      />
      <Field
        label="Due date"
        name="due"
        type="date"
        value={due}
        onChange={(e) => setDue(e.target.value)}
      />
      <div className="space-y-1.5">
        <label htmlFor={priorityId} className="block text-sm font-medium text-slate-700">
          Priority
        </label>
        <select
          id={priorityId}
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
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit">Save changes</Button>
      </div>
    </form>
  );
}
