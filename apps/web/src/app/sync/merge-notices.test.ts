import { describe, expect, it } from 'vitest';
import type { TaskData } from '@studycircle/shared';
import { mergeMessages } from './merge-notices';

const task = (title: string, more: Partial<TaskData> = {}): TaskData => ({
  title,
  due: null,
  priority: 'medium',
  status: 'open',
  createdAt: 1,
  ...more,
});

describe('mergeMessages', () => {
  it('yours kept: names the field and the value it replaced, and offers it back', () => {
    const [message, ...rest] = mergeMessages({
      type: 'conflict',
      kind: 'task',
      id: 't1',
      data: task('Buy milk'),
      conflicts: [{ field: 'title', kept: 'yours', lost: 'Buy bread' }],
    });
    expect(rest).toEqual([]);
    expect(message).toEqual({
      key: 'merge:task:t1:yours',
      message:
        '“Buy milk”: the title was also changed on another device; yours replaced “Buy bread”.',
      action: {
        label: 'Put back',
        remedy: { type: 'put-back', kind: 'task', id: 't1', values: { title: 'Buy bread' } },
      },
    });
  });

  it('theirs kept: says yours was not kept and offers Use mine, with the bookkeeping fields too', () => {
    const [message] = mergeMessages({
      type: 'conflict',
      kind: 'task',
      id: 't1',
      data: task('Buy bread', { status: 'done', completedAt: 5 }),
      conflicts: [
        { field: 'status', kept: 'theirs', lost: 'open' },
        { field: 'completedAt', kept: 'theirs', lost: null },
      ],
    });
    expect(message?.message).toBe(
      '“Buy bread”: the status was changed later on another device, so yours (“open”) was not kept.',
    );
    expect(message?.action).toEqual({
      label: 'Use mine',
      remedy: {
        type: 'put-back',
        kind: 'task',
        id: 't1',
        values: { status: 'open', completedAt: null },
      },
    });
  });

  it('several fields and both sides: one toast per side, in human words', () => {
    const messages = mergeMessages({
      type: 'conflict',
      kind: 'resource',
      id: 'r1',
      data: {
        title: 'Cells',
        link: 'https://a.io',
        type: 'video',
        tags: [],
        uploadedAt: 1,
        by: 'You',
      },
      conflicts: [
        { field: 'title', kept: 'yours', lost: 'Cell' },
        { field: 'link', kept: 'yours', lost: 'https://b.io' },
        { field: 'tags', kept: 'theirs', lost: ['bio', 'exam'] },
      ],
    });
    expect(messages.map((m) => m.message)).toEqual([
      '“Cells”: the title and link were also changed on another device; yours replaced theirs.',
      '“Cells”: the tags were changed later on another device, so yours (“bio, exam”) was not kept.',
    ]);
  });

  it('only bookkeeping in conflict: nothing to tell', () => {
    expect(
      mergeMessages({
        type: 'conflict',
        kind: 'task',
        id: 't1',
        data: task('Buy milk'),
        conflicts: [{ field: 'completedAt', kept: 'yours', lost: 3 }],
      }),
    ).toEqual([]);
  });

  it('deleted elsewhere: offers Restore, except for a file note whose bytes are gone', () => {
    const [taskMessage] = mergeMessages({
      type: 'deleted',
      kind: 'task',
      id: 't1',
      data: task('Buy milk'),
    });
    expect(taskMessage?.message).toBe(
      '“Buy milk” was deleted on another device, so your change was not saved.',
    );
    expect(taskMessage?.action).toEqual({
      label: 'Restore',
      remedy: { type: 'restore', kind: 'task', data: task('Buy milk') },
    });
    const [fileMessage] = mergeMessages({
      type: 'deleted',
      kind: 'fileNote',
      id: 'file-1',
      data: { fileName: 'scan.pdf', fileType: 'application/pdf', size: 3, uploadedAt: 'x' },
    });
    expect(fileMessage?.message).toBe(
      '“scan.pdf” was deleted on another device, so your change was not saved.',
    );
    expect(fileMessage?.action).toBeNull();
  });
});
