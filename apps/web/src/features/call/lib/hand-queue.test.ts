import { describe, expect, it } from 'vitest';
import { handLabel, newlyRaised } from './hand-queue';

const h = (id: string, at: number, name = id) => ({ id, userId: id, name, at });

describe('the hand queue on screen', () => {
  it("names the hands that went up since the last queue, never this side's own", () => {
    expect(newlyRaised([h('a', 1)], [h('a', 1), h('me', 2), h('b', 3)], 'me')).toEqual([h('b', 3)]);
    expect(newlyRaised([h('a', 1), h('b', 2)], [h('b', 2)], 'me')).toEqual([]);
  });

  it('reads "You" for this side and "Someone" for a blank name', () => {
    expect(handLabel(h('me', 1, 'Ann'), 'me')).toBe('You');
    expect(handLabel(h('b', 1, '  '), 'me')).toBe('Someone');
  });
});
