import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncMutation } from '@studycircle/shared';
import { startTestApp, type TestApp } from '../../test/app.js';
import { newUser } from '../../test/live.js';
import { SAMPLE_DATA, del, pull, pushOk, put, recordId } from '../../test/sync.js';
import { mergePut } from './field-merge.js';

/**
 * Field-level merge (docs/decisions/0070-field-level-merge.md): two devices of one account edit a
 * record apart; each put names the version it was made from and the fields it changed. Over real
 * HTTP on PGlite, or on PostgreSQL when DATABASE_URL is set, plus the rule itself.
 */

const task = SAMPLE_DATA.task;
const MINUTE = 60_000;

/** A put of a task made from the server copy at `base`, changing `fields`, on `device`. */
function edit(
  id: string,
  data: object,
  { base, fields, device, at }: { base: number; fields: string[]; device: string; at?: number },
): SyncMutation {
  return { ...put('task', id, data), base, fields, device, at: at ?? Date.now() } as SyncMutation;
}

describe('two devices editing one record apart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A task both devices have pulled: its id and the version they hold. */
  async function sharedTask(token: string) {
    const id = recordId('task');
    const [created] = await pushOk(t.baseUrl, token, [put('task', id, task)]);
    return { id, base: created!.version };
  }

  async function stored(token: string, id: string) {
    const res = await pull(t.baseUrl, token, '?since=0&limit=1000');
    return res.body.changes.filter((c) => c.id === id).at(-1)!;
  }

  it('keeps a rename made on one and a tick made offline on the other', async () => {
    const { token } = await newUser(t);
    const { id, base } = await sharedTask(token);
    // The phone renames it; the laptop, offline since `base`, ticks it and comes back later.
    const [renamed] = await pushOk(t.baseUrl, token, [
      edit(id, { ...task, title: 'Read chapter 4' }, { base, fields: ['title'], device: 'phone' }),
    ]);
    const [ticked] = await pushOk(t.baseUrl, token, [
      edit(
        id,
        { ...task, status: 'done', completed: true, completedAt: 1_764_100_000_000 },
        { base, fields: ['status', 'completed', 'completedAt'], device: 'laptop' },
      ),
    ]);
    const both = {
      ...task,
      title: 'Read chapter 4',
      status: 'done',
      completed: true,
      completedAt: 1_764_100_000_000,
    };
    expect(ticked).toMatchObject({ status: 'applied', data: both });
    expect(ticked!.version).toBeGreaterThan(renamed!.version);
    expect(ticked!.conflicts).toBeUndefined();
    expect((await stored(token, id)).data).toEqual(both);
  });

  it('keeps the later of two edits of one field and names the one that lost, both ways', async () => {
    const { token } = await newUser(t);
    const { id, base } = await sharedTask(token);
    const now = Date.now();
    // The laptop renamed it offline a minute ago; the phone renamed it just now and was first.
    await pushOk(t.baseUrl, token, [
      edit(id, { ...task, title: 'Phone title' }, { base, fields: ['title'], device: 'phone' }),
    ]);
    const [stale] = await pushOk(t.baseUrl, token, [
      edit(
        id,
        { ...task, title: 'Laptop title' },
        { base, fields: ['title'], device: 'laptop', at: now - MINUTE },
      ),
    ]);
    // The older edit does not replace the newer one: it is told what was kept instead.
    expect(stale).toMatchObject({
      status: 'applied',
      data: { ...task, title: 'Phone title' },
      conflicts: [{ field: 'title', kept: 'theirs', lost: 'Laptop title' }],
    });
    expect((await stored(token, id)).data).toMatchObject({ title: 'Phone title' });

    // "Use mine": the laptop sends its title again, made now from the version it was given.
    const [mine] = await pushOk(t.baseUrl, token, [
      edit(
        id,
        { ...task, title: 'Laptop title' },
        { base: stale!.version, fields: ['title'], device: 'laptop' },
      ),
    ]);
    expect(mine!.conflicts).toBeUndefined();
    expect((await stored(token, id)).data).toMatchObject({ title: 'Laptop title' });

    // A later edit made from an older copy wins, and names the value it replaced.
    const [later] = await pushOk(t.baseUrl, token, [
      edit(
        id,
        { ...task, title: 'Phone again' },
        { base, fields: ['title'], device: 'phone', at: Date.now() + 1 },
      ),
    ]);
    expect(later).toMatchObject({
      conflicts: [{ field: 'title', kept: 'yours', lost: 'Laptop title' }],
    });
    expect((await stored(token, id)).data).toMatchObject({ title: 'Phone again' });
  });

  it('does not count a device’s own earlier edit, still on its way, as a conflict', async () => {
    const { token } = await newUser(t);
    const { id, base } = await sharedTask(token);
    const [first, second] = await pushOk(t.baseUrl, token, [
      edit(id, { ...task, title: 'Draft' }, { base, fields: ['title'], device: 'laptop' }),
      edit(
        id,
        { ...task, title: 'Final', priority: 'low' },
        { base, fields: ['title', 'priority'], device: 'laptop' },
      ),
    ]);
    expect(first!.conflicts).toBeUndefined();
    expect(second!.conflicts).toBeUndefined();
    expect((await stored(token, id)).data).toMatchObject({ title: 'Final', priority: 'low' });
  });

  it('keeps a deletion against an edit made from before it', async () => {
    const { token } = await newUser(t);
    const { id, base } = await sharedTask(token);
    await pushOk(t.baseUrl, token, [del('task', id)]);
    const [edited] = await pushOk(t.baseUrl, token, [
      edit(id, { ...task, title: 'Still here?' }, { base, fields: ['title'], device: 'laptop' }),
    ]);
    expect(edited!.status).toBe('ignored');
    expect((await stored(token, id)).deleted).toBe(true);
  });

  it('writes a put without a base whole, as before', async () => {
    const { token } = await newUser(t);
    const { id } = await sharedTask(token);
    const [whole] = await pushOk(t.baseUrl, token, [put('task', id, { ...task, title: 'Whole' })]);
    expect(whole).toMatchObject({ status: 'applied' });
    expect(whole!.data).toBeUndefined();
    expect((await stored(token, id)).data).toEqual({ ...task, title: 'Whole' });
  });

  it('refuses a field the kind does not have', async () => {
    const { token } = await newUser(t);
    const { id, base } = await sharedTask(token);
    const bad = edit(id, task, { base, fields: ['owner'], device: 'a' });
    await expect(pushOk(t.baseUrl, token, [bad])).rejects.toThrow(/push: 400/);
  });
});

describe('the merge rule', () => {
  const stored = (data: object, version: number, stamps: Record<string, number> | null) => ({
    data: data as Record<string, unknown>,
    version,
    stamps: stamps
      ? Object.fromEntries(Object.entries(stamps).map(([f, v]) => [f, { v, at: 1000 * v }]))
      : null,
    updatedAtMs: 1000 * version,
  });

  it('writes the fields changed since the base and leaves the others', () => {
    const plan = mergePut(
      { kind: 'task', data: { ...task, priority: 'low' }, base: 5, fields: ['priority'] },
      stored({ ...task, title: 'Other' }, 7, { title: 7, priority: 2 }),
      9_000,
    );
    expect(plan).toEqual({
      data: { ...task, title: 'Other', priority: 'low' },
      written: ['priority'],
      conflicts: [],
    });
  });

  it('on a row from before stamps, treats each differing field as written with the row', () => {
    const plan = mergePut(
      { kind: 'task', data: { ...task, title: 'Mine' }, base: 5, fields: ['title'] },
      stored({ ...task, title: 'Theirs' }, 7, null),
      6_000,
    );
    expect(plan.conflicts).toEqual([{ field: 'title', kept: 'theirs', lost: 'Mine' }]);
    expect(plan.data).toMatchObject({ title: 'Theirs' });
  });

  it('removes an optional field the edit removed', () => {
    const plan = mergePut(
      { kind: 'task', data: { ...task }, base: 7, fields: ['completed', 'completedAt'] },
      stored({ ...task, completed: true, completedAt: 5 }, 7, { completed: 7, completedAt: 7 }),
      9_000,
    );
    expect(plan.data).toEqual({ ...task });
    expect(plan.written).toEqual(['completed', 'completedAt']);
  });
});
