import { describe, expect, it } from 'vitest';
import { diffAtCursor } from './binding-fixes';

describe('diffAtCursor', () => {
  it('puts a letter typed beside the same letter where the caret is', () => {
    // "apple c" became "apple  c" with the caret after the first space: typed before theirs.
    expect(diffAtCursor('Fruit: apple c', 'Fruit: apple  c', 13)).toEqual({
      index: 12,
      remove: 0,
      insert: ' ',
    });
    // The same texts with the caret after the second space: typed after theirs.
    expect(diffAtCursor('Fruit: apple c', 'Fruit: apple  c', 14)).toEqual({
      index: 13,
      remove: 0,
      insert: ' ',
    });
  });

  it('takes a deletion before the caret from where the caret is', () => {
    expect(diffAtCursor('aa  bb', 'aa bb', 2)).toEqual({ index: 2, remove: 1, insert: '' });
    expect(diffAtCursor('aa  bb', 'aa bb', 3)).toEqual({ index: 3, remove: 1, insert: '' });
  });

  it('finds a replacement and a paste whatever the caret says', () => {
    expect(diffAtCursor('the cat sat', 'the dog sat', 7)).toEqual({
      index: 4,
      remove: 3,
      insert: 'dog',
    });
    expect(diffAtCursor('ab', 'aXYZb', 4)).toEqual({ index: 1, remove: 0, insert: 'XYZ' });
    expect(diffAtCursor('same', 'same', 2)).toMatchObject({ remove: 0, insert: '' });
  });

  it('never splits an emoji', () => {
    const diff = diffAtCursor('a😀', 'a😀😀', 5);
    expect(diff.insert).toBe('😀');
    expect(diff.index % 1).toBe(0);
    expect('a😀'.slice(0, diff.index) + diff.insert + 'a😀'.slice(diff.index)).toBe('a😀😀');
  });
});
