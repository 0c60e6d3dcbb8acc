import { describe, expect, it } from 'vitest';
import { createSpeechWatch, handLabel, newlyRaised } from './hand-queue';

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

describe('speaking takes a raised hand down', () => {
  /** Feeds readings 150 ms apart from `start`; true once the watch says the hand comes down. */
  const feed = (watch: ReturnType<typeof createSpeechWatch>, pattern: string, start: number) =>
    [...pattern].map((c, i) => watch.reading(c === 'x', start + i * 150)).some(Boolean);

  it('after about 1.2 s of talking in 1.5 s, once the first 2 s after raising are over', () => {
    const watch = createSpeechWatch();
    watch.raised(0);
    // Talking right as the hand goes up does not count.
    expect(feed(watch, 'xxxxxxxxxxxx', 0)).toBe(false);
    expect(feed(watch, 'xxxxxxx', 2000)).toBe(false);
    expect(feed(watch, 'x', 3050)).toBe(true);
  });

  it('not for short sounds or beeps, and not before a hand is raised', () => {
    const watch = createSpeechWatch();
    expect(feed(watch, 'xxxxxxxxxxxx', 5000)).toBe(false);
    watch.raised(0);
    expect(feed(watch, 'x...x...x...x...x...x...x...x...', 2000)).toBe(false);
    expect(feed(watch, 'xxxx.xx.xx.xxx', 8000)).toBe(true);
    // Raising again starts afresh.
    watch.raised(20_000);
    expect(feed(watch, 'xxxxxxx', 22_000)).toBe(false);
  });
});
