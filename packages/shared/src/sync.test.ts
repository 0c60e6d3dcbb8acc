import { describe, expect, it } from 'vitest';
import {
  DATE_ONLY_MESSAGE,
  SYNC_LIMITS,
  TaskDataSchema,
  fileNameForType,
  isCalendarDate,
} from './sync.js';

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

describe("a file note's name", () => {
  it('takes the extension of the type its bytes have, and loses hidden characters', () => {
    expect(fileNameForType('scan.PNG', 'image/png')).toBe('scan.PNG');
    expect(fileNameForType('scan.jpeg', 'image/jpeg')).toBe('scan.jpeg');
    expect(fileNameForType('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
    expect(fileNameForType('....html', 'application/pdf')).toBe('....pdf');
    expect(fileNameForType('.html', 'image/png')).toBe('file.png');
    expect(fileNameForType('Week 3. Cells', 'image/jpeg')).toBe('Week 3. Cells.jpg');
    expect(fileNameForType('a\u0000b\u200e\u2067c.png', 'image/png')).toBe('abc.png');
    const long = fileNameForType(`${'x'.repeat(260)}.html`, 'application/pdf');
    expect(long).toHaveLength(SYNC_LIMITS.fileNameMax);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});
