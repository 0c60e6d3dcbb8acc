import { beforeEach, describe, expect, it } from 'vitest';
import {
  countChatOutbox,
  forgetChatMessage,
  forgetChatOutboxes,
  keepChatMessage,
  readChatOutbox,
} from './chat-outbox-storage';

const message = (clientId: string, roomId = 'room-1', at = 1) => ({
  roomId,
  clientId,
  text: `text ${clientId}`,
  at,
});

describe('the persisted chat outbox', () => {
  beforeEach(() => localStorage.clear());

  it('keeps messages per account and per room, oldest first, until each is answered', () => {
    keepChatMessage('ann', message('a1', 'room-1', 1));
    keepChatMessage('ann', message('a2', 'room-2', 2));
    keepChatMessage('ann', message('a3', 'ROOM-1', 3));
    keepChatMessage('bob', message('b1', 'room-1', 4));

    expect(readChatOutbox('ann', 'room-1').map((m) => m.clientId)).toEqual(['a1', 'a3']);
    expect(readChatOutbox('bob', 'room-1').map((m) => m.clientId)).toEqual(['b1']);
    expect(countChatOutbox('ann')).toBe(3);

    forgetChatMessage('ann', 'a1');
    expect(readChatOutbox('ann', 'room-1').map((m) => m.clientId)).toEqual(['a3']);
    forgetChatMessage('ann', 'a2');
    forgetChatMessage('ann', 'a3');
    expect(countChatOutbox('ann')).toBe(0);
    // An empty outbox leaves no key behind.
    expect(localStorage.getItem('chatOutbox:ann')).toBeNull();
    expect(countChatOutbox('bob')).toBe(1);
  });

  it('stores a message once however often it is kept', () => {
    keepChatMessage('ann', message('a1'));
    keepChatMessage('ann', message('a1'));
    expect(readChatOutbox('ann', 'room-1')).toEqual([message('a1')]);
  });

  it('reads a corrupt value as empty and skips corrupt entries (product.md §15.2)', () => {
    localStorage.setItem('chatOutbox:ann', '{not json');
    expect(readChatOutbox('ann', 'room-1')).toEqual([]);
    localStorage.setItem(
      'chatOutbox:ann',
      JSON.stringify([
        message('a1'),
        { roomId: 'room-1', clientId: 'x', text: '', at: 1 },
        { roomId: 'room-1', clientId: 'y', text: 'hi', at: 'soon' },
        null,
        message('a2'),
      ]),
    );
    expect(readChatOutbox('ann', 'room-1').map((m) => m.clientId)).toEqual(['a1', 'a2']);
    expect(countChatOutbox('ann')).toBe(2);
  });

  it("removes every account's outbox at the session's end, and nothing else", () => {
    keepChatMessage('ann', message('a1'));
    keepChatMessage('bob', message('b1'));
    localStorage.setItem('userTasks', '[]');
    forgetChatOutboxes();
    expect(countChatOutbox('ann')).toBe(0);
    expect(countChatOutbox('bob')).toBe(0);
    expect(localStorage.getItem('userTasks')).toBe('[]');
  });
});
