import { describe, expect, it } from 'vitest';
import { DATE_ONLY_MESSAGE, TaskDataSchema, isCalendarDate } from './sync.js';

const task = {
  title: 'Revise chapter 3',
  due: null as string | null,
  priority: 'medium',
  status: 'open',
  createdAt: 1,
};

describe("a task's due date", () => {
  it('accepts days of the calendar, leap days included', () => {
    for (const day of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01']) {
      expect(isCalendarDate(day), day).toBe(true);
      expect(TaskDataSchema.safeParse({ ...task, due: day }).success).toBe(true);
    }
    expect(TaskDataSchema.safeParse(task).success).toBe(true);
  });

  it('refuses shapes and days that do not exist, with one clear message', () => {
    const bad = [
      '9999-99-99',
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      'tomorrow',
      '2026-1-5',
      '2026-01-05T00:00',
    ];
    for (const day of bad) {
      expect(isCalendarDate(day), day).toBe(false);
      const result = TaskDataSchema.safeParse({ ...task, due: day });
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DATE_ONLY_MESSAGE);
    }
  });
});
