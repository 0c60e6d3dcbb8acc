import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SYNC_KINDS, SYNC_LIMITS, type SyncKind } from '@studycircle/shared';
import { storedFiles, syncMutations, syncRecords } from '../../db/schema.js';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { newUser, type TestUser } from '../../test/live.js';
import {
  SAMPLE_DATA,
  del,
  fileBytes,
  mutationId,
  pull,
  pullAll,
  push,
  pushOk,
  put,
  recordId,
  uploadFile,
} from '../../test/sync.js';
import { SYNC_SERVER_MESSAGES } from './sync.service.js';

/**
 * The sync API over real HTTP on PGlite (and PostgreSQL with DATABASE_URL): push and pull per
 * kind, validation, owner-only access, tombstones, last writer wins, replays and races. Files
 * and pokes have their own files (sync-files.test.ts, sync-poke.test.ts).
 */

let t: TestApp;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  a = await newUser(t);
  b = await newUser(t);
});
afterAll(async () => {
  await t?.close();
});

const changed = (kind: SyncKind, data: object) =>
  kind === 'textNote'
    ? { ...data, text: 'Edited on the phone.' }
    : kind === 'fileNote'
      ? { ...data, fileName: 'renamed diagram.png' }
      : { ...data, title: 'Edited' };

/** A file note's put needs its bytes first (sync-files.test.ts covers why). */
async function prepare(kind: SyncKind, id: string, user = a) {
  if (kind !== 'fileNote') return;
  const res = await uploadFile(
    t.baseUrl,
    user.token,
    id,
    fileBytes('png', SAMPLE_DATA.fileNote.size),
  );
  expect(res.status).toBe(201);
}

describe('push and pull, per kind', () => {
  it.each(SYNC_KINDS)('creates, updates and deletes a %s', async (kind) => {
    const id = recordId(kind);
    await prepare(kind, id);
    const { cursor: start } = await pullAll(t.baseUrl, a.token);

    const [created] = await pushOk(t.baseUrl, a.token, [put(kind, id)]);
    expect(created).toMatchObject({ status: 'applied' });
    expect(created!.version).toBeGreaterThan(start);
    const first = await pullAll(t.baseUrl, a.token, start);
    expect(first.changes).toEqual([
      {
        kind,
        id,
        version: created!.version,
        deleted: false,
        data: SAMPLE_DATA[kind],
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect(first.cursor).toBe(created!.version);

    const edit = put(kind, id, changed(kind, SAMPLE_DATA[kind]));
    const [updated] = await pushOk(t.baseUrl, a.token, [edit]);
    expect(updated!.version).toBeGreaterThan(created!.version);
    const second = await pullAll(t.baseUrl, a.token, first.cursor);
    expect(second.changes).toHaveLength(1);
    expect(second.changes[0]).toMatchObject({
      id,
      deleted: false,
      data: changed(kind, SAMPLE_DATA[kind]),
    });

    const [deleted] = await pushOk(t.baseUrl, a.token, [del(kind, id)]);
    const third = await pullAll(t.baseUrl, a.token, second.cursor);
    expect(third.changes).toEqual([
      {
        kind,
        id,
        version: deleted!.version,
        deleted: true,
        data: null,
        updatedAt: expect.any(String),
      },
    ]);
  });

  it('keeps records of different kinds with the same id apart', async () => {
    const id = recordId('same');
    await pushOk(t.baseUrl, a.token, [put('task', id), put('resource', id)]);
    const { changes } = await pullAll(t.baseUrl, a.token);
    expect(
      changes
        .filter((c) => c.id === id)
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['resource', 'task']);
  });

  it('pages a pull: oldest first, cursor at the last version, hasMore until the end', async () => {
    const user = await newUser(t);
    const ids = Array.from({ length: 5 }, () => recordId('page'));
    await pushOk(
      t.baseUrl,
      user.token,
      ids.map((id) => put('task', id)),
    );
    const first = await pull(t.baseUrl, user.token, '?since=0&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.changes.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(first.body.hasMore).toBe(true);
    expect(first.body.cursor).toBe(first.body.changes[1]!.version);
    const rest = await pullAll(t.baseUrl, user.token, first.body.cursor, 2);
    expect(rest.changes.map((c) => c.id)).toEqual(ids.slice(2));
    const empty = await pull(t.baseUrl, user.token, `?since=${rest.cursor}`);
    expect(empty.body).toEqual({ changes: [], cursor: rest.cursor, hasMore: false });
  });
});

describe('validation', () => {
  const base = () => put('task', recordId());
  it.each([
    ['an unknown kind', { ...base(), kind: 'diary' }],
    ['a task without a title', { ...base(), data: { ...SAMPLE_DATA.task, title: ' ' } }],
    ['a task with a bad due date', { ...base(), data: { ...SAMPLE_DATA.task, due: 'tomorrow' } }],
    ['an unknown op', { ...base(), op: 'merge' }],
    ['an id with a slash', { ...base(), id: 'a/b' }],
    [
      'a file note over 256 KB',
      { ...put('fileNote', recordId()), data: { ...SAMPLE_DATA.fileNote, size: 262_145 } },
    ],
  ])('answers 400 for %s', async (_label, mutation) => {
    const res = await push(t.baseUrl, a.token, [mutation]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
  });

  it('refuses a due date that is not a day of the calendar, with the rule as the message', async () => {
    for (const due of ['9999-99-99', '2026-02-30']) {
      const m = put('task', recordId(), { ...SAMPLE_DATA.task, due });
      const res = await push(t.baseUrl, a.token, [m]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Use a real date as yyyy-mm-dd',
      });
    }
  });

  it('refuses a resource whose link is not http(s), with the rule as the message', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/x']) {
      const m = put('resource', recordId(), { ...SAMPLE_DATA.resource, link });
      const res = await push(t.baseUrl, a.token, [m]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Links must start with http:// or https://' });
    }
  });

  it(`refuses more than ${SYNC_LIMITS.pushMax} mutations in one push, and an empty one`, async () => {
    const many = Array.from({ length: SYNC_LIMITS.pushMax + 1 }, () => put('task', recordId()));
    expect((await push(t.baseUrl, a.token, many)).status).toBe(400);
    expect((await push(t.baseUrl, a.token, [])).status).toBe(400);
  });

  it('stores nothing of a push that fails validation', async () => {
    const { cursor } = await pullAll(t.baseUrl, a.token);
    const good = put('task', recordId());
    const res = await push(t.baseUrl, a.token, [good, { ...put('task', recordId()), data: {} }]);
    expect(res.status).toBe(400);
    expect((await pullAll(t.baseUrl, a.token, cursor)).changes).toEqual([]);
  });

  it.each([['?since=-1'], ['?since=abc'], ['?limit=0'], [`?limit=${SYNC_LIMITS.pullMax + 1}`]])(
    'answers 400 for a pull with %s',
    async (query) => {
      const res = await pull(t.baseUrl, a.token, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );

  it('answers 401 without a token, and 400 for a body that is not JSON', async () => {
    expect(
      (await http(t.baseUrl, 'POST', '/api/sync/push', { body: { mutations: [put('task', 'x')] } }))
        .status,
    ).toBe(401);
    expect((await http(t.baseUrl, 'GET', '/api/sync/pull')).status).toBe(401);
    const bad = await http(t.baseUrl, 'POST', '/api/sync/push', {
      token: a.token,
      raw: '{"mutations": [',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_JSON' });
  });
});

describe('owner-only', () => {
  it("never shows one user's records to another, nor lets them change them", async () => {
    const id = recordId('mine');
    await pushOk(t.baseUrl, a.token, [
      put('task', id, { ...SAMPLE_DATA.task, title: 'A secret plan' }),
    ]);
    // B writes and deletes the same kind and id: that is B's own record, A's stays as it was.
    await pushOk(t.baseUrl, b.token, [put('task', id, { ...SAMPLE_DATA.task, title: 'Mine now' })]);
    await pushOk(t.baseUrl, b.token, [del('task', id)]);

    const ofB = await pullAll(t.baseUrl, b.token);
    expect(JSON.stringify(ofB.changes)).not.toContain('A secret plan');
    const ofA = await pullAll(t.baseUrl, a.token);
    expect(ofA.changes.find((c) => c.id === id)).toMatchObject({
      deleted: false,
      data: { title: 'A secret plan' },
    });
  });

  it("keeps mutation ids per user: B reusing A's id is B's own, applied", async () => {
    const m = put('task', recordId());
    const [ofA] = await pushOk(t.baseUrl, a.token, [m]);
    const [ofB] = await pushOk(t.baseUrl, b.token, [m]);
    expect(ofA!.status).toBe('applied');
    expect(ofB!.status).toBe('applied');
    expect(ofB!.version).not.toBe(ofA!.version);
  });
});

describe('conflicts and retries', () => {
  it('keeps a tombstone: a put after the delete is ignored, and pull shows the record deleted', async () => {
    const id = recordId('gone');
    await pushOk(t.baseUrl, a.token, [put('task', id)]);
    const [deleted] = await pushOk(t.baseUrl, a.token, [del('task', id)]);
    // A stale device, offline since before the delete, sends its edit now.
    const [stale] = await pushOk(t.baseUrl, a.token, [
      put('task', id, { ...SAMPLE_DATA.task, title: 'Zombie' }),
    ]);
    expect(stale).toMatchObject({ status: 'ignored', version: deleted!.version });
    const { changes } = await pullAll(t.baseUrl, a.token);
    expect(changes.find((c) => c.id === id)).toMatchObject({
      deleted: true,
      data: null,
      version: deleted!.version,
    });
  });

  it('a delete of a record never seen leaves a tombstone that later puts cannot undo', async () => {
    const id = recordId('never');
    const [deleted] = await pushOk(t.baseUrl, a.token, [del('resource', id)]);
    expect(deleted!.status).toBe('applied');
    const [late] = await pushOk(t.baseUrl, a.token, [put('resource', id)]);
    expect(late!.status).toBe('ignored');
  });

  it('the last write to reach the server wins, whatever the devices’ clocks say', async () => {
    const id = recordId('lww');
    const laptop = {
      ...put('task', id, { ...SAMPLE_DATA.task, title: 'From the laptop' }),
      at: Date.now() + 3_600_000,
    };
    const phone = { ...put('task', id, { ...SAMPLE_DATA.task, title: 'From the phone' }), at: 0 };
    const [first] = await pushOk(t.baseUrl, a.token, [laptop]);
    const [second] = await pushOk(t.baseUrl, a.token, [phone]);
    expect(second!.version).toBeGreaterThan(first!.version);
    const { changes } = await pullAll(t.baseUrl, a.token);
    const mine = changes.filter((c) => c.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ version: second!.version, data: { title: 'From the phone' } });
  });

  it('applies a replayed mutation once: the retry answers duplicate with the first version', async () => {
    const id = recordId('retry');
    const m = put('task', id);
    const [first] = await pushOk(t.baseUrl, a.token, [m]);
    const { cursor } = await pullAll(t.baseUrl, a.token);
    // The reply was lost; the device sends the same mutation again, and again in one push.
    const again = await pushOk(t.baseUrl, a.token, [
      m,
      { ...m, data: { ...SAMPLE_DATA.task, title: 'Changed?' } },
    ]);
    expect(again).toEqual([
      { mutationId: m.mutationId, status: 'duplicate', version: first!.version },
      { mutationId: m.mutationId, status: 'duplicate', version: first!.version },
    ]);
    expect((await pullAll(t.baseUrl, a.token, cursor)).changes).toEqual([]);
    const stored = await t.database.db
      .select({ version: syncRecords.version, data: syncRecords.data })
      .from(syncRecords)
      .where(sql`${syncRecords.ownerId} = ${a.user.id} and ${syncRecords.id} = ${id}`);
    expect(stored).toEqual([{ version: first!.version, data: SAMPLE_DATA.task }]);
  });

  it('answers a replayed delete as duplicate too', async () => {
    const id = recordId();
    await pushOk(t.baseUrl, a.token, [put('task', id)]);
    const d = del('task', id);
    const [first] = await pushOk(t.baseUrl, a.token, [d]);
    const [again] = await pushOk(t.baseUrl, a.token, [d]);
    expect(again).toEqual({
      mutationId: d.mutationId,
      status: 'duplicate',
      version: first!.version,
    });
  });

  it('concurrent pushes on one record all succeed; the highest version holds the data', async () => {
    const id = recordId('race');
    const edits = Array.from({ length: 12 }, (_, i) =>
      put('task', id, { ...SAMPLE_DATA.task, title: `Edit ${i}` }),
    );
    const replies = await Promise.all(edits.map((m) => push(t.baseUrl, a.token, [m])));
    expect(replies.map((r) => r.status)).toEqual(edits.map(() => 200));
    const results = replies.map((r) => r.body.results[0]!);
    expect(results.every((r) => r.status === 'applied')).toBe(true);
    expect(new Set(results.map((r) => r.version)).size).toBe(edits.length);
    const winner = results.reduce((x, y) => (y.version > x.version ? y : x));
    const { changes } = await pullAll(t.baseUrl, a.token);
    expect(changes.find((c) => c.id === id)).toMatchObject({
      version: winner.version,
      data:
        edits[results.indexOf(winner)]!.op === 'put'
          ? (edits[results.indexOf(winner)] as { data: object }).data
          : {},
    });
  });

  it('one mutation sent by several pushes at once is applied exactly once', async () => {
    const m = put('task', recordId('dup-race'));
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => push(t.baseUrl, a.token, [m])),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const statuses = replies.map((r) => r.body.results[0]!.status).sort();
    expect(statuses).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(new Set(replies.map((r) => r.body.results[0]!.version)).size).toBe(1);
  });

  it('a pull racing concurrent pushes never skips a change (cursor safety)', async () => {
    const user = await newUser(t);
    const seen = new Map<string, number>();
    let cursor = 0;
    const writes = Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pushOk(
          t.baseUrl,
          user.token,
          Array.from({ length: 5 }, (_, j) => put('task', `w${i}-${j}`)),
        ),
      ),
    );
    let done = false;
    void writes.then(() => (done = true));
    while (!done) {
      const page = await pullAll(t.baseUrl, user.token, cursor);
      for (const c of page.changes) seen.set(c.id, c.version);
      cursor = page.cursor;
    }
    const last = await pullAll(t.baseUrl, user.token, cursor);
    for (const c of last.changes) seen.set(c.id, c.version);
    expect(seen.size).toBe(40);
  });
});

describe('housekeeping', () => {
  it('forgets applied mutation ids after 30 days, keeping recent ones', async () => {
    const oldOne = put('task', recordId());
    const recent = put('task', recordId());
    await pushOk(t.baseUrl, a.token, [oldOne, recent]);
    await t.database.db
      .update(syncMutations)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(syncMutations.mutationId, oldOne.mutationId));
    expect(await t.app.services.sync.pruneMutations()).toBeGreaterThanOrEqual(1);
    const ids = await t.database.db
      .select({ id: syncMutations.mutationId })
      .from(syncMutations)
      .where(eq(syncMutations.ownerId, a.user.id));
    expect(ids.map((r) => r.id)).toContain(recent.mutationId);
    expect(ids.map((r) => r.id)).not.toContain(oldOne.mutationId);
  });

  it('deleting the account removes its records, mutation ids and files', async () => {
    const user = await newUser(t);
    const fileId = recordId('file');
    await uploadFile(t.baseUrl, user.token, fileId, fileBytes('png', SAMPLE_DATA.fileNote.size));
    await pushOk(t.baseUrl, user.token, [put('task', recordId()), put('fileNote', fileId)]);
    const res = await http(t.baseUrl, 'DELETE', '/api/auth/account', {
      token: user.token,
      body: { password: 'Secret123' },
    });
    expect(res.status).toBe(200);
    const db = t.database.db;
    for (const table of [syncRecords, syncMutations, storedFiles]) {
      const rows = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.ownerId, user.user.id));
      expect(rows[0]!.n).toBe(0);
    }
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // 300 pushes a minute times 0.01: three.
    limited = await startTestApp({ env: { RATE_LIMIT_FACTOR: '0.01' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 with Retry-After past the per-account push limit; another account is not affected', async () => {
    const user = await newUser(limited);
    for (let i = 0; i < 3; i++)
      await pushOk(limited.baseUrl, user.token, [put('task', recordId())]);
    const refused = await push(limited.baseUrl, user.token, [put('task', recordId())]);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many changes sent at once\. Please try again in/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await newUser(limited);
    expect((await push(limited.baseUrl, other.token, [put('task', recordId())])).status).toBe(200);
  });
});

describe('quotas per account', () => {
  let small: TestApp;
  const quotas = { windowMs: 3000, changesPerWindow: 8, bytesPerWindow: 6000, storedBytes: 4000 };
  const note = (text: string) => ({ ...SAMPLE_DATA.textNote, text });
  /**
   * Text the database cannot compress (a repeated letter shrinks to a few bytes once the row
   * passes the size at which PostgreSQL compresses it), so stored bytes are what was sent.
   */
  const noise = (length: number, seed: number) => {
    let x = seed;
    return Array.from({ length }, () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return String.fromCharCode(97 + (x % 26));
    }).join('');
  };
  beforeAll(async () => {
    small = await startTestApp({ appOptions: { syncQuotas: quotas } });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('answers 429 past the changes of a window, stores nothing of it, and takes them after', async () => {
    const user = await newUser(small);
    const { cursor } = await pullAll(small.baseUrl, user.token);
    const first = Array.from({ length: 6 }, () => put('task', recordId()));
    await pushOk(small.baseUrl, user.token, first);
    const more = Array.from({ length: 3 }, () => put('task', recordId()));
    const refused = await push(small.baseUrl, user.token, more);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^More changes were sent in a minute than an account may send \(8 changes or 0 MB\); they stay on this device and are sent again\. Please try again in/,
      ),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await pullAll(small.baseUrl, user.token, cursor)).changes).toHaveLength(6);
    // Another account has its own window.
    const other = await newUser(small);
    await pushOk(small.baseUrl, other.token, more);
    // The next window takes the refused changes, as the browser sends them again.
    await new Promise((resolve) => setTimeout(resolve, quotas.windowMs + 100));
    await pushOk(small.baseUrl, user.token, more);
    expect((await pullAll(small.baseUrl, user.token, cursor)).changes).toHaveLength(9);
  });

  it('answers 429 past the bytes of a window', async () => {
    const user = await newUser(small);
    await pushOk(small.baseUrl, user.token, [put('textNote', recordId(), note('a'.repeat(3000)))]);
    const refused = await push(small.baseUrl, user.token, [
      put('textNote', recordId(), note('b'.repeat(3200))),
    ]);
    expect(refused.status).toBe(429);
  });

  it('answers 413 when a push would take the stored bytes over the quota; shrinking and deleting make room', async () => {
    const user = await newUser(small);
    const a1 = recordId('big');
    const a2 = recordId('big');
    await pushOk(small.baseUrl, user.token, [put('textNote', a1, note(noise(1700, 1)))]);
    await new Promise((resolve) => setTimeout(resolve, quotas.windowMs + 100));
    await pushOk(small.baseUrl, user.token, [put('textNote', a2, note(noise(1700, 2)))]);
    await new Promise((resolve) => setTimeout(resolve, quotas.windowMs + 100));
    const third = recordId('big');
    const refused = await push(small.baseUrl, user.token, [
      put('textNote', third, note(noise(1000, 3))),
    ]);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      code: 'BODY_TOO_LARGE',
      error: expect.any(String),
      message:
        'Your notes, tasks and resources are over the 0 MB an account may store, so this change was not saved on the server. Delete or shorten some notes, then edit this one again.',
    });
    // Growing a stored note is refused too; shortening one passes, even over the quota.
    expect(
      (await push(small.baseUrl, user.token, [put('textNote', a1, note(noise(2500, 1)))])).status,
    ).toBe(413);
    await pushOk(small.baseUrl, user.token, [put('textNote', a1, note('short'))]);
    await pushOk(small.baseUrl, user.token, [put('textNote', third, note(noise(1000, 3)))]);
    // A delete always passes and frees its bytes.
    await pushOk(small.baseUrl, user.token, [del('textNote', a2)]);
    await new Promise((resolve) => setTimeout(resolve, quotas.windowMs + 100));
    await pushOk(small.baseUrl, user.token, [put('textNote', recordId(), note(noise(1500, 4)))]);
  });
});

describe('messages', () => {
  it('names the missing upload in a refused file note push', () => {
    expect(SYNC_SERVER_MESSAGES.fileMissing('file-1')).toContain('PUT /api/sync/files/file-1');
    expect(mutationId()).not.toBe(mutationId());
  });
});
