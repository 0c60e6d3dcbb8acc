import { createElement, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
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

/** The stored history: a page per call, answered by the test (none unless a test sets it). */
const { history } = vi.hoisted(() => ({
  history: {
    asked: [] as { before?: string; after?: string }[],
    answer: (_cursor: { before?: string; after?: string }): unknown => ({
      messages: [],
      hasMore: false,
    }),
  },
}));

vi.mock('../api/get-room-messages', () => ({
  getRoomMessages: async (_roomId: string, cursor: { before?: string; after?: string } = {}) => {
    history.asked.push(cursor);
    return history.answer(cursor);
  },
}));

vi.mock('../../../lib/socket', () => ({
  acquireSocket: () => ({ socket: link, release: () => {} }),
}));

const options = { roomId: 'room-1', userId: 'ann', name: 'Ann', loadHistory: false };

/** The chat's stored history lives in the query cache: a fresh one for each hook. */
function Wrapper({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return createElement(QueryClientProvider, { client }, children);
}

describe('useRoomChat and the persisted outbox', () => {
  beforeEach(() => {
    localStorage.clear();
    link.reset();
  });

  it('keeps a message written offline, shows it pending after the tab closed, then sends it once', () => {
    const first = renderHook(() => useRoomChat(options), { wrapper: Wrapper });
    act(() => first.result.current.send('written offline'));
    expect(link.chatSends()).toHaveLength(0);
    const [stored] = readChatOutbox('ann', 'room-1');
    expect(stored?.text).toBe('written offline');
    // The tab closes before the link ever came back.
    first.unmount();
    link.reset();

    const second = renderHook(() => useRoomChat(options), { wrapper: Wrapper });
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
    const third = renderHook(() => useRoomChat(options), { wrapper: Wrapper });
    act(() => link.connect());
    expect(link.chatSends()).toHaveLength(0);
    expect(third.result.current.items).toEqual([]);
  });

  it('sends what was left before what is written now, one at a time', () => {
    const first = renderHook(() => useRoomChat(options), { wrapper: Wrapper });
    act(() => first.result.current.send('one'));
    first.unmount();
    link.reset();

    const second = renderHook(() => useRoomChat(options), { wrapper: Wrapper });
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
    const ann = renderHook(() => useRoomChat(options), { wrapper: Wrapper });
    act(() => ann.result.current.send('from Ann'));
    ann.unmount();
    link.reset();

    const bob = renderHook(() => useRoomChat({ ...options, userId: 'bob', name: 'Bob' }), {
      wrapper: Wrapper,
    });
    const otherRoom = renderHook(() => useRoomChat({ ...options, roomId: 'room-2' }), {
      wrapper: Wrapper,
    });
    act(() => link.connect());
    expect(bob.result.current.items).toEqual([]);
    expect(otherRoom.result.current.items).toEqual([]);
    expect(link.chatSends()).toHaveLength(0);
    expect(countChatOutbox('ann')).toBe(1);
  });

  it('forgets a message the server refused for good', () => {
    const hook = renderHook(() => useRoomChat(options), { wrapper: Wrapper });
    act(() => link.connect());
    act(() => hook.result.current.send('too fast'));
    const [send] = link.chatSends();
    act(() => send!.ack!(null, { ok: false, code: 'RATE_LIMITED', message: 'Slow down.' }));
    expect(hook.result.current.items).toEqual([]);
    expect(countChatOutbox('ann')).toBe(0);
  });

  it('tells the call about each live message from someone else, once, and never about its own', () => {
    const incoming = vi.fn();
    renderHook(() => useRoomChat({ ...options, onIncoming: incoming }), { wrapper: Wrapper });
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

  it('loads the stored history into the query cache, adds live messages to it, and pages back', async () => {
    const message = (id: string, userId: string, text: string, at: number) => ({
      id,
      roomId: 'room-1',
      userId,
      name: userId === 'ann' ? 'Ann' : 'Bea',
      text,
      at,
      clientId: null,
    });
    history.asked = [];
    history.answer = (cursor) =>
      cursor.before
        ? { messages: [message('m1', 'bea', 'first', 1)], hasMore: false }
        : { messages: [message('m2', 'ann', 'second', 2)], hasMore: true };
    const hook = renderHook(() => useRoomChat({ ...options, loadHistory: true }), {
      wrapper: Wrapper,
    });
    expect(hook.result.current.loading).toBe(true);
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    expect(hook.result.current.items).toMatchObject([{ id: 'm2', self: true, pending: false }]);
    expect(hook.result.current.hasOlder).toBe(true);

    act(() => link.connect());
    act(() => {
      for (const handler of [...(link.handlers.get('chat-message') ?? [])])
        handler(message('m3', 'bea', 'third', 3));
    });
    // The query's observers hear of the cache's change on the next tick.
    await waitFor(() => expect(hook.result.current.items.map((i) => i.id)).toEqual(['m2', 'm3']));

    await act(() => hook.result.current.loadOlder());
    expect(history.asked).toEqual([{}, { before: 'm2' }]);
    await waitFor(() =>
      expect(hook.result.current.items.map((i) => i.text)).toEqual(['first', 'second', 'third']),
    );
    expect(hook.result.current.hasOlder).toBe(false);
  });
});
