import { afterEach, describe, expect, it } from 'vitest';
import type { TaskData } from '@studycircle/shared';
import { applyRemoteTasks, readTasks } from '../../features/tasks/tasks-store';
import {
  attachChangeSink,
  forgetSyncedAccount,
  markSyncedAccount,
  type LocalChange,
} from '../../lib/sync/local-changes';
import { runMergeRemedy } from './study-sync';

const ACCOUNT = 'acct-merge';
const task = (title: string): TaskData => ({
  title,
  due: null,
  priority: 'medium',
  status: 'done',
  createdAt: 1,
  completed: true,
});

let detach: (() => void) | undefined;
afterEach(() => {
  detach?.();
  forgetSyncedAccount();
  localStorage.clear();
});

describe('runMergeRemedy', () => {
  it('Restore makes the refused edit again as a new task, with a new id, sent whole', async () => {
    markSyncedAccount(ACCOUNT);
    applyRemoteTasks([{ id: 'other', data: task('Kept') }]);
    const seen: LocalChange[] = [];
    detach = attachChangeSink((changes) => seen.push(...changes));
    await runMergeRemedy(ACCOUNT, { type: 'restore', kind: 'task', data: task('Buy milk') });
    const made = readTasks().find((t) => t.title === 'Buy milk');
    expect(made).toMatchObject({ status: 'done', completed: true });
    expect(made?.id).not.toBe('other');
    expect(seen).toEqual([{ op: 'put', kind: 'task', id: made?.id, data: task('Buy milk') }]);
  });

  it('does nothing once the keys are no longer the account’s (signed out since)', async () => {
    const seen: LocalChange[] = [];
    detach = attachChangeSink((changes) => seen.push(...changes));
    await runMergeRemedy(ACCOUNT, { type: 'restore', kind: 'task', data: task('Buy milk') });
    expect(readTasks()).toEqual([]);
    expect(seen).toEqual([]);
  });
});
