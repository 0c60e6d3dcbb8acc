import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  StorageWriteError,
  isArray,
  readJson,
  writeJson,
  writeJsonAllOrThrow,
  writeJsonOrThrow,
} from './storage';

afterEach(() => {
  vi.restoreAllMocks();
});

const refuse = (keys: string[]) => {
  const real = localStorage.setItem.bind(localStorage);
  vi.spyOn(localStorage, 'setItem').mockImplementation((key: string, value: string) => {
    if (keys.includes(key)) throw new DOMException('full', 'QuotaExceededError');
    real(key, value);
  });
};

describe('storage helpers', () => {
  it('reads corrupt JSON and values failing the check as the fallback', () => {
    localStorage.setItem('k', '{oops');
    expect(readJson('k', [], isArray)).toEqual([]);
    localStorage.setItem('k', '"text"');
    expect(readJson('k', [], isArray)).toEqual([]);
    expect(readJson('missing', 'fallback')).toBe('fallback');
  });

  it('reports whether a write landed instead of swallowing a full storage', () => {
    expect(writeJson('a', [1])).toBe(true);
    refuse(['a']);
    expect(writeJson('a', [1, 2])).toBe(false);
    expect(() => writeJsonOrThrow('a', [1, 2])).toThrow(StorageWriteError);
    vi.restoreAllMocks();
    expect(localStorage.getItem('a')).toBe('[1]');
  });

  it('puts back earlier keys when a later one in the same change is refused', () => {
    localStorage.setItem('one', '"old"');
    refuse(['three']);
    expect(() =>
      writeJsonAllOrThrow([
        ['one', 'new'],
        ['two', 'new'],
        ['three', 'new'],
      ]),
    ).toThrow(StorageWriteError);
    vi.restoreAllMocks();
    expect(localStorage.getItem('one')).toBe('"old"');
    expect(localStorage.getItem('two')).toBeNull();
    expect(localStorage.getItem('three')).toBeNull();
  });
});
