import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageWriteError } from '../../lib/storage';
import {
  attachChangeSink,
  attachHoldControl,
  forgetSyncedAccount,
  markSyncedAccount,
  type LocalChange,
} from '../../lib/sync/local-changes';
import {
  SHARED_RESOURCES_KEY,
  addResource,
  commitRemovedResource,
  removeResourceUndoably,
  undoRemoveResource,
  readResources,
  removeResource,
  resourcesKeyFor,
  uploaderName,
} from './resources-store';

const input = (title: string) => ({
  title,
  link: 'https://example.com/',
  type: 'guide' as const,
  tags: ['a'],
});
const raw = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an undoable removal (docs/decisions/0064)', () => {
  afterEach(() => {
    forgetSyncedAccount();
    localStorage.clear();
  });

  it('holds the delete; Undo puts the resource back in its place and withdraws it', async () => {
    markSyncedAccount('acct-1');
    const user = { _id: 'acct-1' };
    const seen: LocalChange[] = [];
    const withdrawn: string[] = [];
    const released: string[] = [];
    const detach = [
      attachChangeSink((changes) => seen.push(...changes)),
      attachHoldControl({
        withdraw: async (id) => withdrawn.push(id) > 0,
        release: async (id) => {
          released.push(id);
        },
      }),
    ];
    try {
      addResource(user, input('A'));
      const b = addResource(user, input('B'));
      addResource(user, input('C'));
      const removed = removeResourceUndoably(user, b.id)!;
      expect(readResources(user).map((r) => r.title)).toEqual(['A', 'C']);
      expect(seen.at(-1)).toMatchObject({ op: 'delete', id: b.id, holdMs: expect.any(Number) });
      await expect(undoRemoveResource(user, removed)).resolves.toBe(true);
      expect(readResources(user)).toEqual([expect.anything(), b, expect.anything()]);
      expect(withdrawn).toEqual([removed.mutationId]);

      const again = removeResourceUndoably(user, b.id)!;
      commitRemovedResource(again);
      expect(released).toEqual([again.mutationId]);
      expect(readResources(user).map((r) => r.title)).toEqual(['A', 'C']);
    } finally {
      detach.forEach((d) => d());
    }
  });
});

describe('resource keys (docs/product.md §12.4)', () => {
  it('names the per-user key by _id, else id, else email, else guest', () => {
    expect(resourcesKeyFor({ _id: 'abc', id: 'x', email: 'a@b.c' })).toBe('userResources:abc');
    expect(resourcesKeyFor({ id: 'u1', email: 'a@b.c' })).toBe('userResources:u1');
    expect(resourcesKeyFor({ email: 'a@b.c' })).toBe('userResources:a@b.c');
    expect(resourcesKeyFor({ id: '  ' })).toBe('userResources:guest');
    expect(resourcesKeyFor(null)).toBe('userResources:guest');
  });

  it('credits the name, else the username, else You', () => {
    expect(uploaderName({ name: 'Asha', username: 'a' })).toBe('Asha');
    expect(uploaderName({ username: 'asha99' })).toBe('asha99');
    expect(uploaderName({ email: 'a@b.c' })).toBe('You');
    expect(uploaderName(null)).toBe('You');
  });
});

describe('resources store', () => {
  const user = { id: 'u1', name: 'Asha' };

  it('writes both the per-user and the shared key, appending with uploadedAt and by', () => {
    addResource(user, input('First'), 1000);
    addResource(user, input('Second'), 2000);
    const own = raw('userResources:u1') as { title: string; by: string; uploadedAt: number }[];
    expect(own.map((r) => r.title)).toEqual(['First', 'Second']);
    expect(own[1]).toMatchObject({ by: 'Asha', uploadedAt: 2000, type: 'guide', tags: ['a'] });
    expect(raw(SHARED_RESOURCES_KEY)).toEqual(own);
  });

  it('seeds a signed-in user whose own list is missing or empty from the shared list', () => {
    addResource(null, input('Shared one'));
    expect(readResources(user).map((r) => r.title)).toEqual(['Shared one']);
    localStorage.setItem('userResources:u1', '[]');
    expect(readResources(user).map((r) => r.title)).toEqual(['Shared one']);
    addResource(user, input('Mine'));
    expect(readResources(user).map((r) => r.title)).toEqual(['Shared one', 'Mine']);
  });

  it('does not seed a signed-out visitor: the guest list is their own', () => {
    localStorage.setItem(SHARED_RESOURCES_KEY, JSON.stringify([input('Someone else')]));
    expect(readResources(null)).toEqual([]);
  });

  it('reads unreadable or non-list values as empty and skips entries without a title', () => {
    localStorage.setItem('userResources:u1', 'not json');
    localStorage.setItem(SHARED_RESOURCES_KEY, '{"title":"x"}');
    expect(readResources(user)).toEqual([]);
    localStorage.setItem(
      'userResources:u1',
      JSON.stringify([7, { link: 'x' }, { title: 'Ok', type: 'weird', tags: 'nope' }]),
    );
    expect(readResources(user)).toEqual([
      expect.objectContaining({ title: 'Ok', type: 'notes', tags: [], by: 'You' }),
    ]);
  });

  it('removes one resource from both keys', () => {
    const kept = addResource(user, input('Keep'));
    const gone = addResource(user, input('Drop'));
    removeResource(user, gone.id);
    expect(readResources(user).map((r) => r.id)).toEqual([kept.id]);
    expect((raw(SHARED_RESOURCES_KEY) as unknown[]).length).toBe(1);
  });

  it('throws StorageWriteError on a full storage and leaves both keys as they were', () => {
    addResource(user, input('Saved'));
    const before = localStorage.getItem('userResources:u1');
    const real = localStorage.setItem.bind(localStorage);
    // The per-user write lands; the shared one is refused.
    vi.spyOn(localStorage, 'setItem').mockImplementation((key: string, value: string) => {
      if (key === SHARED_RESOURCES_KEY) throw new DOMException('full', 'QuotaExceededError');
      real(key, value);
    });
    expect(() => addResource(user, input('Lost'))).toThrow(StorageWriteError);
    vi.restoreAllMocks();
    expect(localStorage.getItem('userResources:u1')).toBe(before);
    expect(readResources(user).map((r) => r.title)).toEqual(['Saved']);
  });
});
