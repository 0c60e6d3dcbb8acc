import { afterEach, describe, expect, it } from 'vitest';
import {
  attachChangeSink,
  forgetSyncedAccount,
  markSyncedAccount,
  type LocalChange,
} from '../../lib/sync/local-changes';
import {
  addFileNote,
  applyRemoteNotes,
  readFileNotes,
  saveTextNote,
} from '../../features/notes/notes-store';
import {
  addResource,
  applyRemoteResources,
  readResources,
} from '../../features/resources/resources-store';
import {
  addTask,
  applyRemoteTasks,
  deleteTask,
  readTasks,
  toggleTask,
} from '../../features/tasks/tasks-store';

/** The stores report their own changes for an account's copy, and nothing they were given. */
function collect() {
  const seen: LocalChange[] = [];
  const detach = attachChangeSink((changes) => seen.push(...changes));
  return { seen, detach };
}

let detach: (() => void) | undefined;
afterEach(() => {
  detach?.();
  forgetSyncedAccount();
});

const remoteTask = {
  title: 'From the phone',
  due: null,
  priority: 'high',
  status: 'open',
  createdAt: 5,
} as const;

describe('the study stores and the sync engine', () => {
  it('report nothing while the keys hold guest data', () => {
    const sink = collect();
    detach = sink.detach;
    addTask({ title: 'Guest task' });
    expect(sink.seen).toEqual([]);
  });

  it('report each local change of an account’s copy as a put or a delete', () => {
    markSyncedAccount('acct');
    const sink = collect();
    detach = sink.detach;
    const task = addTask({ title: '  Revise  ', priority: 'low' }, 10)!;
    toggleTask(task.id, 20);
    deleteTask(task.id);
    expect(sink.seen).toEqual([
      {
        op: 'put',
        kind: 'task',
        id: task.id,
        data: {
          title: 'Revise',
          due: null,
          priority: 'low',
          status: 'open',
          createdAt: 10,
          completed: false,
        },
      },
      expect.objectContaining({
        op: 'put',
        data: expect.objectContaining({ status: 'done', completedAt: 20 }),
      }),
      { op: 'delete', kind: 'task', id: task.id },
    ]);
  });

  it('notes report text and file puts, the file with its bytes and size', () => {
    markSyncedAccount('acct');
    const sink = collect();
    detach = sink.detach;
    saveTextNote({ title: 'T', text: 'Body' }, 1000);
    addFileNote(
      { fileData: 'data:image/png;base64,iVBORw==', fileName: 'a.png', fileType: 'image/png' },
      2000,
    );
    expect(sink.seen.map((c) => [c.kind, c.op])).toEqual([
      ['textNote', 'put'],
      ['fileNote', 'put'],
    ]);
    expect(sink.seen[1]).toMatchObject({
      data: { fileName: 'a.png', size: 4 },
      fileData: 'data:image/png;base64,iVBORw==',
    });
  });

  it('apply the server’s changes without reporting them back', () => {
    markSyncedAccount('acct');
    const sink = collect();
    detach = sink.detach;
    applyRemoteTasks([{ id: 'r1', data: remoteTask }]);
    applyRemoteNotes(
      [],
      [
        {
          id: 'file-9',
          data: {
            fileName: 'b.pdf',
            fileType: 'application/pdf',
            size: 9,
            uploadedAt: '2026-01-01T00:00:00.000Z',
          },
        },
      ],
    );
    applyRemoteResources({ _id: 'acct' }, [
      {
        id: 'res',
        data: {
          title: 'Docs',
          link: 'https://example.com',
          type: 'guide',
          tags: [],
          uploadedAt: 3,
          by: 'Asha',
        },
      },
    ]);
    expect(readTasks().map((t) => t.title)).toEqual(['From the phone']);
    // A pulled file arrives without its bytes: they are fetched when opened.
    expect(readFileNotes()).toEqual([expect.objectContaining({ id: 'file-9', fileData: '' })]);
    expect(readResources({ _id: 'acct' }).map((r) => r.title)).toEqual(['Docs']);
    applyRemoteTasks([{ id: 'r1', data: null }]);
    expect(readTasks()).toEqual([]);
    expect(sink.seen).toEqual([]);
  });

  it('resources report adds for the account’s list', () => {
    markSyncedAccount('acct');
    const sink = collect();
    detach = sink.detach;
    addResource(
      { _id: 'acct', name: 'Asha' },
      { title: 'MDN', link: 'https://developer.mozilla.org', type: 'guide', tags: ['web'] },
      7,
    );
    expect(sink.seen).toEqual([
      expect.objectContaining({
        op: 'put',
        kind: 'resource',
        data: expect.objectContaining({ title: 'MDN', by: 'Asha' }),
      }),
    ]);
  });
});
