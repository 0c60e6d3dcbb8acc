import { describe, expect, it } from 'vitest';
import { changedFields, lostValues, withValues } from './merge';

describe('changedFields', () => {
  const copy = { title: 'Buy milk', due: null, priority: 'medium', status: 'open', createdAt: 1 };

  it('names the fields whose value differs, in the contract’s order', () => {
    const edit = { ...copy, status: 'done', title: 'Buy bread', completed: true };
    expect(changedFields('task', copy, edit)).toEqual(['title', 'status', 'completed']);
  });

  it('names a field the edit removed, and none when nothing differs', () => {
    const done = { ...copy, status: 'done', completedAt: 5 };
    expect(changedFields('task', done, copy)).toEqual(['status', 'completedAt']);
    expect(changedFields('task', copy, { ...copy })).toEqual([]);
  });

  it('compares arrays by value and leaves out names the kind does not have', () => {
    const resource = { title: 'A', link: 'https://a.io', type: 'notes', tags: ['x'], by: 'You' };
    const edit = { ...resource, tags: ['x'], id: 'r1', extra: 1 };
    expect(changedFields('resource', resource, edit)).toEqual([]);
    expect(changedFields('resource', resource, { ...resource, tags: ['x', 'y'] })).toEqual([
      'tags',
    ]);
  });
});

describe('withValues and lostValues', () => {
  it('write each conflict’s lost value back into the record', () => {
    const values = lostValues([
      { field: 'title', kept: 'yours', lost: 'Buy bread' },
      { field: 'completedAt', kept: 'yours', lost: null },
      { field: 'due', kept: 'yours', lost: null },
    ]);
    const stored = { title: 'Buy milk', completedAt: 9, status: 'done', due: '2026-12-01' };
    // A task's due date may be null; its completion time may only be absent.
    expect(withValues('task', stored, values)).toEqual({
      title: 'Buy bread',
      status: 'done',
      due: null,
    });
  });
});
