import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import type {
  SyncChange,
  SyncConflict,
  SyncMutation,
  SyncPullResponse,
  SyncPushResponse,
  TaskData,
} from '@studycircle/shared';
import { HttpError } from '../http';
import { SyncEngine, type SyncNotice } from './engine';
import {
  markSyncedAccount,
  releaseLocalChange,
  reportLocalChanges,
  withdrawLocalChange,
} from './local-changes';
import { accountDbName, deleteAccountDb, openAccountDb, readCursor } from './sync-db';
import type { SyncTransport } from './transport';

const offline = () => new HttpError(0, 'Network error', undefined, false);

/**
 * The engine against an in-memory server that keeps the sync contract (packages/shared sync.ts):
 * one version counter, mutation ids applied once, tombstones that a later put cannot undo, a put
 * with a base writing only its fields (and answering the stored record when it differs). Its
 * conflicts are whatever a test scripts (`conflicts`). The real endpoints are covered by
 * apps/server/src/modules/sync and e2e/sync.spec.ts.
 */
class ContractServer implements SyncTransport {
  version = 0;
  records = new Map<string, SyncChange>();
  applied = new Map<string, number>();
  files = new Map<string, string>();
  pushes: SyncMutation[][] = [];
  pulls: number[] = [];
  /** Errors to throw on the next calls, in order. */
  failures: unknown[] = [];
  /** A mutation id the server refuses with a 400. */
  refuse: string | null = null;
  /** While true, no request gets an answer. */
  down = false;
  /** While set, a push waits for it before it is stored and answered. */
  gate: Promise<void> | null = null;
  /** The conflicts a put is answered with (none unless a test says). */
  conflicts: (m: SyncMutation) => SyncConflict[] | undefined = () => undefined;

  async push({ mutations }: { mutations: SyncMutation[] }): Promise<SyncPushResponse> {
    if (this.down) throw offline();
    this.pushes.push(mutations);
    await this.gate;
    const failure = this.failures.shift();
    if (failure) throw failure;
    if (mutations.some((m) => m.mutationId === this.refuse)) {
      throw new HttpError(400, 'Links must start with http:// or https://', 'VALIDATION', true);
    }
    return {
      results: mutations.map((m) => {
        const seen = this.applied.get(m.mutationId);
        if (seen !== undefined)
          return { mutationId: m.mutationId, status: 'duplicate', version: seen };
        const key = `${m.kind}:${m.id}`;
        const current = this.records.get(key);
        if (current?.deleted && m.op === 'put') {
          return { mutationId: m.mutationId, status: 'ignored', version: current.version };
        }
        const version = ++this.version;
        this.applied.set(m.mutationId, version);
        const updatedAt = new Date().toISOString();
        if (m.op === 'delete') {
          this.records.set(key, {
            kind: m.kind,
            id: m.id,
            version,
            deleted: true,
            data: null,
            updatedAt,
          });
          return { mutationId: m.mutationId, status: 'applied', version };
        }
        let data: Record<string, unknown> = m.data;
        if (m.base !== undefined && m.fields && current?.data) {
          data = { ...current.data };
          for (const field of m.fields) {
            if (field in m.data) data[field] = (m.data as Record<string, unknown>)[field];
            else delete data[field];
          }
        }
        this.records.set(key, {
          kind: m.kind,
          id: m.id,
          version,
          deleted: false,
          data,
          updatedAt,
        } as SyncChange);
        const differs = JSON.stringify(data) !== JSON.stringify(m.data);
        const conflicts = this.conflicts(m);
        return {
          mutationId: m.mutationId,
          status: 'applied',
          version,
          ...(differs ? { data } : {}),
          ...(conflicts ? { conflicts } : {}),
        };
      }),
    };
  }

  async pull(since: number): Promise<SyncPullResponse> {
    if (this.down) throw offline();
    this.pulls.push(since);
    const failure = this.failures.shift();
    if (failure) throw failure;
    const changes = [...this.records.values()]
      .filter((c) => c.version > since)
      .sort((a, b) => a.version - b.version);
    return { changes, cursor: changes.at(-1)?.version ?? since, hasMore: false };
  }

  async putFile(id: string, dataUrl: string): Promise<void> {
    this.files.set(id, dataUrl);
  }

  /** A change made on another device. */
  remotePut(id: string, data: TaskData): void {
    const version = ++this.version;
    this.records.set(`task:${id}`, {
      kind: 'task',
      id,
      version,
      deleted: false,
      data,
      updatedAt: new Date().toISOString(),
    });
  }
}

const ACCOUNT = 'acct-1';
const task = (title: string): TaskData => ({
  title,
  due: null,
  priority: 'medium',
  status: 'open',
  createdAt: 1,
  completed: false,
});

const engines: SyncEngine[] = [];
function engine(
  server: SyncTransport,
  apply: (changes: SyncChange[]) => void = () => {},
  notify?: (notice: SyncNotice) => void,
) {
  const e = new SyncEngine({ account: ACCOUNT, apply, transport: server, random: () => 1, notify });
  engines.push(e);
  e.start();
  return e;
}

/** Waits until the engine is idle with nothing queued, or `check` holds. */
async function settle(e: SyncEngine, check: () => boolean = () => true) {
  await vi.waitFor(async () => {
    expect(check()).toBe(true);
    expect(await e.flush(50)).toBe(0);
  });
}

async function outbox(): Promise<SyncMutation[]> {
  const db = await openAccountDb(ACCOUNT, () => undefined);
  const entries = await db.getAll('outbox');
  db.close();
  return entries.map((e) => e.mutation);
}

beforeEach(() => {
  markSyncedAccount(ACCOUNT);
});

afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
  await deleteAccountDb(ACCOUNT);
  vi.useRealTimers();
});

describe('SyncEngine', () => {
  it('keeps queued changes in IndexedDB until the server has them, across a restart', async () => {
    const server = new ContractServer();
    server.failures = [offline(), offline(), offline()];
    const first = engine(server);
    reportLocalChanges([{ op: 'put', kind: 'task', id: 't1', data: task('Read chapter 3') }]);
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
    expect(await first.flush(100)).toBe(1);
    expect(first.getStatus().state).toBe('offline');
    const [queued] = await outbox();
    await first.stop();

    // A new tab (or the same after a reboot) sends the very same mutation.
    server.failures = [];
    const second = engine(server);
    await settle(second, () => server.records.has('task:t1'));
    expect(await outbox()).toEqual([]);
    expect(server.pushes.at(-1)?.[0]?.mutationId).toBe(queued?.mutationId);
    expect(second.getStatus()).toEqual({ state: 'saved', pending: 0, reason: null });
  });

  it('pulls from its cursor and applies what came, nothing twice', async () => {
    const server = new ContractServer();
    server.remotePut('a', task('From the laptop'));
    const applied: SyncChange[] = [];
    const first = engine(server, (changes) => applied.push(...changes));
    await settle(first, () => applied.length === 1);
    expect(applied[0]).toMatchObject({ id: 'a', data: { title: 'From the laptop' } });
    await first.stop();

    server.remotePut('b', task('From the phone'));
    const second = engine(server, (changes) => applied.push(...changes));
    await settle(second, () => applied.length === 2);
    expect(applied.map((c) => c.id)).toEqual(['a', 'b']);
    expect(server.pulls.at(-1)).toBe(2);
  });

  it('a change made offline wins over an older one made elsewhere meanwhile', async () => {
    const server = new ContractServer();
    server.down = true;
    const applied: SyncChange[] = [];
    const e = engine(server, (changes) => applied.push(...changes));
    reportLocalChanges([{ op: 'put', kind: 'task', id: 'x', data: task('Mine, offline') }]);
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
    server.remotePut('x', task('Older, from elsewhere'));
    server.remotePut('y', task('Untouched here'));
    server.down = false;
    e.requestSync();
    await settle(
      e,
      () => (server.records.get('task:x')?.data as TaskData | null)?.title === 'Mine, offline',
    );
    // x came back only as this device's own write; y arrived as it is.
    expect(applied.filter((c) => c.id === 'x').map((c) => c.data)).not.toContainEqual(
      task('Older, from elsewhere'),
    );
    expect(applied.some((c) => c.id === 'y')).toBe(true);
  });

  it('retries with backoff after failures and then sends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = new ContractServer();
    server.failures = [new HttpError(503, 'Service Unavailable', undefined, false), offline()];
    const e = engine(server);
    reportLocalChanges([{ op: 'put', kind: 'task', id: 't', data: task('Retry me') }]);
    await vi.waitFor(() => expect(server.pushes).toHaveLength(1));
    await vi.waitFor(() => expect(e.getStatus().state).toBe('error'));
    expect(e.getStatus().reason).toMatch(/could not save/);
    // First retry after 1 s, the second after 2 s (random() = 1 takes the full delay).
    await vi.advanceTimersByTimeAsync(999);
    expect(server.pushes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(server.pushes).toHaveLength(2));
    await vi.waitFor(() => expect(e.getStatus().state).toBe('offline'));
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(server.records.has('task:t')).toBe(true));
    await vi.waitFor(() => expect(e.getStatus().state).toBe('saved'));
  });

  it('a push cancelled because the page is being left keeps the change and blames no storage', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = new ContractServer();
    server.failures = [new DOMException('The page is being left.', 'AbortError')];
    const e = engine(server);
    window.dispatchEvent(new Event('pagehide'));
    try {
      reportLocalChanges([{ op: 'put', kind: 'task', id: 't', data: task('Kept') }]);
      await vi.waitFor(() => expect(server.pushes).toHaveLength(1));
      await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
      expect(e.getStatus().reason ?? '').not.toMatch(/storage/);
    } finally {
      // The back-forward cache brought the page back: the change goes at the next try.
      window.dispatchEvent(new Event('pageshow'));
    }
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(server.records.has('task:t')).toBe(true));
    await vi.waitFor(() => expect(e.getStatus().state).toBe('saved'));
  });

  it('drops a mutation the server refuses, says why, and sends the rest', async () => {
    const server = new ContractServer();
    const e = engine(server);
    server.failures = [offline()];
    reportLocalChanges([
      { op: 'put', kind: 'task', id: 'ok1', data: task('Fine') },
      {
        op: 'put',
        kind: 'resource',
        id: 'bad',
        data: {
          title: 'Bad',
          link: 'https://example.com',
          type: 'notes',
          tags: [],
          uploadedAt: 1,
          by: 'You',
        },
      },
      { op: 'put', kind: 'task', id: 'ok2', data: task('Also fine') },
    ]);
    await vi.waitFor(async () => expect(await outbox()).toHaveLength(3));
    server.refuse = (await outbox())[1]!.mutationId;
    e.requestSync();
    await settle(e, () => server.records.has('task:ok2'));
    expect(server.records.has('task:ok1')).toBe(true);
    expect(server.records.has('resource:bad')).toBe(false);
    expect(e.getStatus()).toEqual({
      state: 'error',
      pending: 0,
      reason: 'Links must start with http:// or https://',
    });
  });

  it('drops a change that breaks the contract before sending it', async () => {
    const server = new ContractServer();
    const e = engine(server);
    reportLocalChanges([{ op: 'put', kind: 'task', id: 'blank', data: task('   ') }]);
    await settle(e, () => e.getStatus().state === 'error');
    expect(server.pushes).toEqual([]);
    expect(e.getStatus().reason).toMatch(/^A change was refused:/);
  });

  it('a put on a record deleted elsewhere deletes it here too', async () => {
    const server = new ContractServer();
    server.records.set('task:gone', {
      kind: 'task',
      id: 'gone',
      version: ++server.version,
      deleted: true,
      data: null,
      updatedAt: new Date().toISOString(),
    });
    const applied: SyncChange[] = [];
    const e = engine(server, (changes) => applied.push(...changes));
    await settle(e);
    applied.length = 0;
    reportLocalChanges([{ op: 'put', kind: 'task', id: 'gone', data: task('Stale edit') }]);
    await settle(e, () => applied.length > 0);
    expect(applied[0]).toMatchObject({ id: 'gone', deleted: true });
  });

  it('uploads a file note’s bytes before its put', async () => {
    const server = new ContractServer();
    const order: string[] = [];
    const putFile = server.putFile.bind(server);
    const push = server.push.bind(server);
    server.putFile = async (id, data) => {
      order.push(`file ${id}`);
      await putFile(id, data);
    };
    server.push = async (input) => {
      order.push('push');
      return push(input);
    };
    const e = engine(server);
    reportLocalChanges([
      {
        op: 'put',
        kind: 'fileNote',
        id: 'file-1',
        data: { fileName: 'a.png', fileType: 'image/png', size: 3, uploadedAt: 'x' },
        fileData: 'data:image/png;base64,AAAA',
      },
    ]);
    await settle(e, () => server.records.has('fileNote:file-1'));
    expect(order).toEqual(['file file-1', 'push']);
    expect(server.files.get('file-1')).toBe('data:image/png;base64,AAAA');
  });

  it('stops when the keys stop being this account’s copy (signed out in another tab)', async () => {
    const server = new ContractServer();
    server.remotePut('a', task('Private'));
    const applied: SyncChange[] = [];
    markSyncedAccount('someone-else');
    const e = engine(server, (changes) => applied.push(...changes));
    await e.flush(100);
    expect(applied).toEqual([]);
    expect(server.pulls).toEqual([]);
  });

  describe('a held delete (docs/decisions/0064)', () => {
    const heldDelete = (id: string, mutationId: string, holdMs = 60_000) =>
      reportLocalChanges([{ op: 'delete', kind: 'task', id, mutationId, holdMs }]);

    /** Waits until a cycle ran after everything queued so far was written. */
    async function idle(e: SyncEngine, server: ContractServer) {
      const pulls = server.pulls.length;
      e.requestSync();
      await vi.waitFor(() => expect(server.pulls.length).toBeGreaterThan(pulls));
    }

    it('stays unsent while held; withdrawn, it never reaches the server', async () => {
      const server = new ContractServer();
      server.remotePut('t1', task('Keep me'));
      const e = engine(server);
      heldDelete('t1', 'undo-1');
      await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
      await idle(e, server);
      expect(server.pushes.flat()).toEqual([]);
      // A pull meanwhile leaves the held record alone here (the delete is still queued).
      expect(e.getStatus().pending).toBe(1);

      await expect(withdrawLocalChange('undo-1')).resolves.toBe(true);
      expect(await outbox()).toEqual([]);
      await idle(e, server);
      expect(server.records.get('task:t1')?.deleted).toBe(false);
      expect(server.pushes.flat()).toEqual([]);
    });

    it('is sent at once when released, and can no longer be withdrawn', async () => {
      const server = new ContractServer();
      server.remotePut('t1', task('Gone for good'));
      const e = engine(server);
      heldDelete('t1', 'undo-2');
      await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
      releaseLocalChange('undo-2');
      await vi.waitFor(() => expect(server.records.get('task:t1')?.deleted).toBe(true));
      await settle(e);
      await expect(withdrawLocalChange('undo-2')).resolves.toBe(false);
    });

    it('left by a closed tab, is sent by the next start once its hold is over', async () => {
      const server = new ContractServer();
      server.remotePut('t1', task('Deleted, then the tab closed'));
      const first = engine(server);
      heldDelete('t1', 'undo-3', 300);
      await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
      // The tab closes during the Undo window: nothing released it, nothing withdrew it.
      await first.stop();
      expect(server.records.get('task:t1')?.deleted).toBe(false);

      const next = engine(server);
      await vi.waitFor(() => expect(server.records.get('task:t1')?.deleted).toBe(true), {
        timeout: 3_000,
      });
      await settle(next);
      expect(await outbox()).toEqual([]);
    });

    it('goes with a flush (sign-out), held or not', async () => {
      const server = new ContractServer();
      server.remotePut('t1', task('Signing out'));
      const e = engine(server);
      heldDelete('t1', 'undo-4');
      await vi.waitFor(async () => expect(await outbox()).toHaveLength(1));
      expect(await e.flush(2_000)).toBe(0);
      expect(server.records.get('task:t1')?.deleted).toBe(true);
    });
  });

  describe('field-level merge (docs/decisions/0070)', () => {
    const puts = (server: ContractServer) =>
      server.pushes.flat().filter((m): m is Extract<SyncMutation, { op: 'put' }> => m.op === 'put');
    const tasksOf = (applied: SyncChange[], id: string) =>
      applied.filter((c) => c.id === id).map((c) => c.data as TaskData | null);

    it('a put of a record it has a copy of names the base, the changed fields and the device', async () => {
      const server = new ContractServer();
      server.remotePut('t', task('Buy milk'));
      const e = engine(server);
      await settle(e);
      reportLocalChanges([
        { op: 'put', kind: 'task', id: 't', data: { ...task('Buy milk'), status: 'done' } },
        { op: 'put', kind: 'task', id: 'new', data: task('Brand new') },
      ]);
      await settle(e, () => server.records.has('task:new'));
      const [edit, made] = puts(server);
      expect(edit).toMatchObject({ id: 't', base: 1, fields: ['status'] });
      expect(edit?.device).toMatch(/\S/);
      // A new record has no server copy: it goes whole.
      expect(made).not.toHaveProperty('base');
      expect(made).not.toHaveProperty('fields');
    });

    it('a rename here and a tick elsewhere both stay, and the merged record reaches the store', async () => {
      const server = new ContractServer();
      server.remotePut('t', task('Buy milk'));
      const applied: SyncChange[] = [];
      const e = engine(server, (changes) => applied.push(...changes));
      await settle(e);
      server.remotePut('t', { ...task('Buy milk'), status: 'done', completed: true });
      reportLocalChanges([{ op: 'put', kind: 'task', id: 't', data: task('Buy bread') }]);
      await settle(e, () => tasksOf(applied, 't').at(-1)?.title === 'Buy bread');
      expect(tasksOf(applied, 't').at(-1)).toMatchObject({ title: 'Buy bread', status: 'done' });
      expect(server.records.get('task:t')?.data).toMatchObject({
        title: 'Buy bread',
        status: 'done',
      });
      // Based on the first copy (version 1), though another device had moved on.
      expect(puts(server)[0]).toMatchObject({ base: 1, fields: ['title'] });
    });

    it('a merged record is not written over a later change of it still queued', async () => {
      const server = new ContractServer();
      server.remotePut('t', task('Buy milk'));
      const applied: SyncChange[] = [];
      const e = engine(server, (changes) => applied.push(...changes));
      await settle(e);
      server.remotePut('t', { ...task('Buy milk'), status: 'done', completed: true });
      let open = () => {};
      server.gate = new Promise((resolve) => (open = resolve));
      reportLocalChanges([{ op: 'put', kind: 'task', id: 't', data: task('Buy bread') }]);
      await vi.waitFor(() => expect(server.pushes).toHaveLength(1));
      reportLocalChanges([{ op: 'put', kind: 'task', id: 't', data: task('Buy rolls') }]);
      await vi.waitFor(async () => expect(await outbox()).toHaveLength(2));
      server.gate = null;
      open();
      await settle(e, () => tasksOf(applied, 't').at(-1)?.title === 'Buy rolls');
      // The first answer ({Buy bread, done}) never reached the store: it would undo the rolls.
      expect(tasksOf(applied, 't').map((t) => t?.title)).not.toContain('Buy bread');
      expect(tasksOf(applied, 't').at(-1)).toMatchObject({ title: 'Buy rolls', status: 'done' });
    });

    it('tells the app of each conflict, and of a put on a record deleted elsewhere', async () => {
      const server = new ContractServer();
      server.remotePut('t', task('Buy milk'));
      server.records.set('task:gone', {
        kind: 'task',
        id: 'gone',
        version: ++server.version,
        deleted: true,
        data: null,
        updatedAt: new Date().toISOString(),
      });
      const notices: SyncNotice[] = [];
      const e = engine(
        server,
        () => {},
        (notice) => notices.push(notice),
      );
      await settle(e);
      const conflicts: SyncConflict[] = [{ field: 'title', kept: 'yours', lost: 'Buy bread' }];
      server.conflicts = (m) => (m.id === 't' ? conflicts : undefined);
      reportLocalChanges([
        { op: 'put', kind: 'task', id: 't', data: task('Buy oats') },
        { op: 'put', kind: 'task', id: 'gone', data: task('Stale edit') },
      ]);
      await settle(e, () => notices.length === 2);
      expect(notices).toEqual([
        { type: 'conflict', kind: 'task', id: 't', conflicts, data: task('Buy oats') },
        { type: 'deleted', kind: 'task', id: 'gone', data: task('Stale edit') },
      ]);
    });

    it('Put back writes the lost value here and sends it as a put of that field', async () => {
      const server = new ContractServer();
      server.remotePut('t', task('Buy milk'));
      const applied: SyncChange[] = [];
      const e = engine(server, (changes) => applied.push(...changes));
      await settle(e);
      reportLocalChanges([{ op: 'put', kind: 'task', id: 't', data: task('Buy oats') }]);
      await settle(e, () => server.records.get('task:t')?.version === 2);
      applied.length = 0;
      await expect(e.putBack('task', 't', { title: 'Buy milk' })).resolves.toBe(true);
      expect(tasksOf(applied, 't')[0]).toEqual(task('Buy milk'));
      await settle(e, () => server.records.get('task:t')?.version === 3);
      expect(puts(server).at(-1)).toMatchObject({
        id: 't',
        base: 2,
        fields: ['title'],
        data: task('Buy milk'),
      });
      // Nothing to put back into a record this device has no copy of.
      await expect(e.putBack('task', 'unknown', { title: 'x' })).resolves.toBe(false);
    });

    it('the database upgrade keeps the outbox and pulls everything again', async () => {
      const v1 = await openDB(accountDbName(ACCOUNT), 1, {
        upgrade(db) {
          db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
          db.createObjectStore('meta');
        },
      });
      const queued = {
        op: 'put',
        kind: 'task',
        id: 'q',
        mutationId: 'm-q',
        at: 1,
        data: task('Queued'),
      };
      await v1.add('outbox', { mutation: queued });
      await v1.put('meta', 42, 'cursor');
      v1.close();

      const db = await openAccountDb(ACCOUNT, () => undefined);
      expect((await db.getAll('outbox')).map((entry) => entry.mutation)).toEqual([queued]);
      expect(await readCursor(db)).toBe(0);
      expect(typeof (await db.get('meta', 'device'))).toBe('string');
      db.close();
    });
  });
});
