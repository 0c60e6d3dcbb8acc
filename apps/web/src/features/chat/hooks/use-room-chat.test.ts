import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { countChatOutbox, readChatOutbox } from '../storage/chat-outbox-storage';
import { useRoomChat } from './use-room-chat';

type Handler = (...args: unknown[]) => void;

/** The live link as the chat uses it: connect, events, emits with a timeout and an ack. */
const { link } = vi.hoisted(() => {
  class Link {
    connected = false;
    sent: { event: string; payload: Record<string, unknown>; ack?: Handler }[] = [];
    handlers = new Map<string, Set<Handler>>();
    on(event: string, handler: Handler) {
      if (!this.handlers.has(event)) this.handlers.set(event, new Set());
      this.handlers.get(event)!.add(handler);
      return this;
    }
    off(event: string, handler: Handler) {
      this.handlers.get(event)?.delete(handler);
      return this;
    }
    emit(event: string, payload: Record<string, unknown>, ack?: Handler) {
      this.sent.push({ event, payload, ack });
      return this;
    }
    timeout() {
      return this;
    }
    connect() {
      this.connected = true;
      for (const handler of [...(this.handlers.get('connect') ?? [])]) handler();
    }
    chatSends() {
      return this.sent.filter((s) => s.event === 'chat-message');
    }
    reset() {
      this.connected = false;
      this.sent = [];
      this.handlers.clear();
    }
  }
  return { link: new Link() };
});

vi.mock('../../../lib/socket', () => ({
  acquireSocket: () => ({ socket: link, release: () => {} }),
}));

const options = { roomId: 'room-1', userId: 'ann', name: 'Ann', loadHistory: false };

describe('useRoomChat and the persisted outbox', () => {
  beforeEach(() => {
    localStorage.clear();
    link.reset();
  });

  it('keeps a message written offline, shows it pending after the tab closed, then sends it once', () => {
    const first = renderHook(() => useRoomChat(options));
    act(() => first.result.current.send('written offline'));
    expect(link.chatSends()).toHaveLength(0);
    const [stored] = readChatOutbox('ann', 'room-1');
    expect(stored?.text).toBe('written offline');
    // The tab closes before the link ever came back.
    first.unmount();
    link.reset();

    const second = renderHook(() => useRoomChat(options));
    expect(second.result.current.items).toMatchObject([
      { clientId: stored!.clientId, text: 'written offline', pending: true, self: true },
    ]);
    act(() => link.connect());
    const sends = link.chatSends();
    expect(sends).toHaveLength(1);
    // The same client id as the first try: the server keeps one copy of a repeat.
    expect(sends[0]!.payload).toMatchObject({
      roomId: 'room-1',
      text: 'written offline',
      id: stored!.clientId,
    });

    act(() =>
      sends[0]!.ack!(null, {
        ok: true,
        message: {
          id: '42',
          roomId: 'room-1',
          userId: 'ann',
          name: 'Ann',
          text: 'written offline',
          at: 5,
          clientId: stored!.clientId,
        },
      }),
    );
    expect(second.result.current.items).toMatchObject([{ id: '42', pending: false }]);
    expect(countChatOutbox('ann')).toBe(0);
    second.unmount();

    // Opened a third time: nothing left to send.
    link.reset();
    const third = renderHook(() => useRoomChat(options));
    act(() => link.connect());
    expect(link.chatSends()).toHaveLength(0);
    expect(third.result.current.items).toEqual([]);
  });

  it('sends what was left before what is written now, one at a time', () => {
    const first = renderHook(() => useRoomChat(options));
    act(() => first.result.current.send('one'));
    first.unmount();
    link.reset();

    const second = renderHook(() => useRoomChat(options));
    act(() => second.result.current.send('two'));
    act(() => link.connect());
    expect(link.chatSends().map((s) => s.payload.text)).toEqual(['one']);
    const [one] = link.chatSends();
    act(() =>
      one!.ack!(null, {
        ok: true,
        message: { id: '1', roomId: 'room-1', userId: 'ann', name: 'Ann', text: 'one', at: 1 },
      }),
    );
    expect(link.chatSends().map((s) => s.payload.text)).toEqual(['one', 'two']);
    expect(readChatOutbox('ann', 'room-1').map((m) => m.text)).toEqual(['two']);
  });

  it("never sends or shows another account's unsent messages, nor another room's", () => {
    const ann = renderHook(() => useRoomChat(options));
    act(() => ann.result.current.send('from Ann'));
    ann.unmount();
    link.reset();

    const bob = renderHook(() => useRoomChat({ ...options, userId: 'bob', name: 'Bob' }));
    const otherRoom = renderHook(() => useRoomChat({ ...options, roomId: 'room-2' }));
    act(() => link.connect());
    expect(bob.result.current.items).toEqual([]);
    expect(otherRoom.result.current.items).toEqual([]);
    expect(link.chatSends()).toHaveLength(0);
    expect(countChatOutbox('ann')).toBe(1);
  });

  it('forgets a message the server refused for good', () => {
    const hook = renderHook(() => useRoomChat(options));
    act(() => link.connect());
    act(() => hook.result.current.send('too fast'));
    const [send] = link.chatSends();
    act(() => send!.ack!(null, { ok: false, code: 'RATE_LIMITED', message: 'Slow down.' }));
    expect(hook.result.current.items).toEqual([]);
    expect(countChatOutbox('ann')).toBe(0);
  });

  it('tells the call about each live message from someone else, once, and never about its own', () => {
    const incoming = vi.fn();
    renderHook(() => useRoomChat({ ...options, onIncoming: incoming }));
    act(() => link.connect());
    const deliver = (m: Record<string, unknown>) =>
      act(() => {
        for (const handler of [...(link.handlers.get('chat-message') ?? [])]) handler(m);
      });
    const message = (id: number, userId: string, text: string) => ({
      id,
      roomId: 'room-1',
      userId,
      name: userId === 'ann' ? 'Ann' : 'Bea',
      text,
      at: 1000 + id,
      clientId: null,
    });
    deliver(message(1, 'bea', 'hello Ann'));
    // The same message delivered twice, one of Ann's own (another tab) and another room's.
    deliver(message(1, 'bea', 'hello Ann'));
    deliver(message(2, 'ann', 'from my other tab'));
    deliver({ ...message(3, 'bea', 'elsewhere'), roomId: 'room-2' });
    expect(incoming).toHaveBeenCalledTimes(1);
    expect(incoming).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Bea', text: 'hello Ann' }),
    );
  });
});
