import { describe, expect, it } from 'vitest';
import type { Task } from '../tasks';
import { addDays } from '@studycircle/shared';
import { reminderKey, taskReminders, tasksToNotify } from './due-tasks';

const task = (id: string, due: string | null, extra: Partial<Task> = {}): Task => ({
  id,
  title: `Task ${id}`,
  due,
  priority: 'medium',
  status: 'open',
  createdAt: 0,
  completed: false,
  ...extra,
});

describe('calendar days', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('what the bell shows', () => {
  const today = '2026-11-23';

  it('lists open tasks overdue, due today and tomorrow, most urgent first', () => {
    const list = taskReminders(
      [
        task('tomorrow', '2026-11-24'),
        task('today', '2026-11-23'),
        task('later', '2026-11-25'),
        task('old', '2026-10-01'),
        task('yesterday', '2026-11-22'),
        task('none', null),
        task('done', '2026-11-23', { status: 'done', completed: true }),
        task('completed-flag', '2026-11-22', { completed: true }),
        task('with-time', '2026-11-23T09:00'),
        task('junk', 'soon'),
      ],
      today,
    );
    expect(list.map((r) => [r.task.id, r.kind])).toEqual([
      ['old', 'overdue'],
      ['yesterday', 'overdue'],
      ['today', 'today'],
      ['with-time', 'today'],
      ['tomorrow', 'tomorrow'],
    ]);
  });
});

describe('which tasks notify', () => {
  const today = '2026-11-23';
  const tasks = [task('a', '2026-11-23'), task('b', '2026-11-24'), task('c', '2026-11-20')];

  it('on the due date: due today and already overdue ones, once each', () => {
    const first = tasksToNotify(tasks, today, 0, new Set());
    expect(first.map((r) => [r.task.id, r.kind])).toEqual([
      ['a', 'today'],
      ['c', 'overdue'],
    ]);
    const notified = new Set(first.map((r) => reminderKey(r.task, r.due)));
    expect(tasksToNotify(tasks, today, 0, notified)).toEqual([]);
  });

  it('one day before: tomorrow notifies too; a moved due date notifies again', () => {
    const notified = new Set([reminderKey(tasks[0]!, '2026-11-23')]);
    expect(tasksToNotify(tasks, today, 1, notified).map((r) => r.task.id)).toEqual(['b', 'c']);
    const moved = [task('a', '2026-11-24')];
    expect(tasksToNotify(moved, today, 1, notified).map((r) => r.task.id)).toEqual(['a']);
  });

  it('never a done task', () => {
    expect(tasksToNotify([task('d', today, { status: 'done' })], today, 1, new Set())).toEqual([]);
  });
});
