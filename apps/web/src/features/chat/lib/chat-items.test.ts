import { describe, expect, it } from 'vitest';
import { mergeChatItems, type ChatItem } from './chat-items';

const item = (over: Partial<ChatItem>): ChatItem => ({
  id: 'x',
  userId: 'u',
  name: 'Ann',
  text: 'hi',
  at: 1,
  self: false,
  pending: false,
  ...over,
});

describe('mergeChatItems', () => {
  it('keeps time order and shows a message delivered twice once', () => {
    const a = item({ id: 'a', at: 2 });
    const b = item({ id: 'b', at: 1 });
    const merged = mergeChatItems([a], [b, a]);
    expect(merged.map((m) => m.id)).toEqual(['b', 'a']);
  });

  it('replaces a pending message with its stored copy, found by client id', () => {
    const pending = item({ id: 'c1', clientId: 'c1', pending: true, self: true, at: 5 });
    const stored = item({ id: 's1', clientId: 'c1', at: 6 });
    const merged = mergeChatItems([pending], [stored]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ id: 's1', clientId: 'c1', pending: false, self: true });
  });

  it('returns the same list when nothing is new', () => {
    const list = [item({ id: 'a' })];
    expect(mergeChatItems(list, [item({ id: 'a' })])).toBe(list);
    expect(mergeChatItems(list, [])).toBe(list);
  });
});
