import { describe, expect, it } from 'vitest';
import { recentActivity } from './activity';
import { taskDisplayStatus, tasksCreatedToday } from './task-status';

describe('recent activity', () => {
  it('lists the 5 latest events from tasks, notes and resources, newest first', () => {
    const items = recentActivity({
      tasks: [
        { id: 't1', title: 'Essay', createdAt: 100, completed: true, completedAt: 700 },
        { id: 't2', title: 'Quiz', createdAt: 200 },
      ],
      notes: [
        { id: 'n1', title: 'Cells', type: 'notes', uploadedAt: new Date(300).toISOString() },
        { id: 'f1', title: 'scan.pdf', type: 'pdf', uploadedAt: new Date(400).toISOString() },
        { id: 'bad', title: 'x', type: 'notes', uploadedAt: '' },
      ],
      resources: [{ id: 'r1', title: 'MDN', uploadedAt: 500 }],
    });
    expect(items.map((i) => i.text)).toEqual([
      'Completed task “Essay”',
      'Shared resource “MDN”',
      'Uploaded file “scan.pdf”',
      'Wrote note “Cells”',
      'Added task “Quiz”',
    ]);
  });

  it('is empty with nothing stored', () => {
    expect(recentActivity({ tasks: [], notes: [], resources: [] })).toEqual([]);
  });
});

describe('task display status (docs/product.md §4.7)', () => {
  const now = new Date('2026-03-10T20:00:00Z'); // 01:30 on 11 March in Kolkata
  const today = '2026-03-11';
  it('is completed when completed is set', () => {
    expect(taskDisplayStatus({ completed: true, due: '2020-01-01' }, today)).toBe('completed');
  });
  it("is overdue only once the due day has passed in the student's day", () => {
    expect(taskDisplayStatus({ due: '2026-03-10' }, today)).toBe('overdue');
    expect(taskDisplayStatus({ due: '2026-03-11' }, today)).toBe('upcoming');
    expect(taskDisplayStatus({ due: null }, today)).toBe('upcoming');
    // 16:00 on 10 March in Toronto: due that day is not overdue there.
    expect(taskDisplayStatus({ due: '2026-03-10' }, '2026-03-10')).toBe('upcoming');
  });
  it('counts tasks created today in Kolkata', () => {
    const tasks = [
      { createdAt: Date.parse('2026-03-10T18:31:00Z') }, // 11 March 00:01 IST
      { createdAt: Date.parse('2026-03-10T18:29:00Z') }, // 10 March 23:59 IST
      { createdAt: 0 },
    ];
    expect(tasksCreatedToday(tasks, now)).toBe(1);
  });
});
