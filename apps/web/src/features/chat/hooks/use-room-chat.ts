import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Ack,
  CallPresence,
  ChatMessageReceived,
  ChatMessageResult,
  JoinChatResult,
} from '@studycircle/shared';
import { acquireSocket, type AppSocket } from '../../../lib/socket';
import { toast } from '../../../ui/toast';
import { getRoomMessages } from '../api/get-room-messages';
import { mergeChatItems, type ChatItem } from '../lib/chat-items';
import {
  forgetChatMessage,
  keepChatMessage,
  readChatOutbox,
  type StoredChatMessage,
} from '../storage/chat-outbox-storage';

/** How long one send waits for the server's acknowledgement before sending again. */
export const CHAT_ACK_TIMEOUT_MS = 4000;

export interface RoomChatOptions {
  roomId: string;
  userId: string | null;
  name: string;
  /** Subscribe to the room's chat channel (messages and call presence). */
  enabled?: boolean;
  /** Load the stored history too (the room page waits until its chat is opened). */
  loadHistory?: boolean;
  /**
   * Called once for each live message from someone else as it arrives (not for history or a
   * catch-up page): the call's unread count and preview.
   */
  onIncoming?: (message: ChatItem) => void;
}

type Outgoing = Omit<StoredChatMessage, 'roomId'>;

function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

function pendingItem(message: Outgoing, userId: string | null, name: string): ChatItem {
  return {
    id: message.clientId,
    clientId: message.clientId,
    userId,
    name,
    text: message.text,
    at: message.at,
    self: true,
    pending: true,
  };
}

/** One page of the stored history as the cache holds it: the messages as the list shows them. */
interface HistoryPage {
  items: readonly ChatItem[];
  /** Older messages remain before this page. */
  hasMore: boolean;
}

type History = InfiniteData<HistoryPage, string | null>;

/** The room's stored chat in the query cache: pages newest first, each oldest first. */
export const roomMessagesQueryKey = (roomId: string) => ['chat', 'messages', roomId] as const;

/** Every stored message the cache holds for the room, in time order. */
function storedItems(history: { pages: readonly HistoryPage[] } | undefined): readonly ChatItem[] {
  return mergeChatItems([], history?.pages.flatMap((page) => page.items) ?? []);
}

/**
 * Feeds stored messages (a live push, an acknowledgement, a catch-up page) into the newest page
 * of the cached history, starting one if the history was never loaded.
 */
function addStored(client: QueryClient, roomId: string, items: readonly ChatItem[]): void {
  client.setQueryData<History>(roomMessagesQueryKey(roomId), (history) => {
    if (!history || history.pages.length === 0) {
      return { pages: [{ items: mergeChatItems([], items), hasMore: false }], pageParams: [null] };
    }
    const [newest, ...older] = history.pages;
    const merged = mergeChatItems(newest!.items, items);
    if (merged === newest!.items) return history;
    return { ...history, pages: [{ ...newest!, items: merged }, ...older] };
  });
}

/**
 * A room's live chat (docs/product.md §8.1-§8.3) with nothing lost: history from the server, live
 * messages from the socket, and an outbox that sends one message at a time, in order, until the
 * server acknowledges it (the server drops a repeat by its client id). After the link comes back
 * it fetches what it missed with the history's `after` cursor; older pages come with `before`.
 *
 * The outbox is kept in this account's browser storage too (storage/chat-outbox-storage.ts) until
 * the server answers: a message written before the tab closed, a reload or a crash shows as
 * pending when the room's chat opens again and is sent then, with its client id, so it is stored
 * once even if the first try reached the server (docs/decisions/0027).
 *
 * The stored history is a TanStack Query infinite query, and socket pushes are fed into it
 * (docs/decisions/0082-chat-history-in-the-query-cache.md); only the unsent messages are kept here.
 */
export function useRoomChat({
  roomId,
  userId,
  name,
  enabled = true,
  loadHistory = true,
  onIncoming,
}: RoomChatOptions) {
  // The latest callback, so a new one each render does not subscribe again.
  const onIncomingRef = useRef(onIncoming);
  useEffect(() => {
    onIncomingRef.current = onIncoming;
  }, [onIncoming]);
  const client = useQueryClient();
  // This screen's own messages still on their way (the outbox's view); stored ones are the cache's.
  const [pending, setPending] = useState<readonly ChatItem[]>([]);
  const socketRef = useRef<AppSocket | null>(null);
  const outbox = useRef<Outgoing[]>([]);
  const sending = useRef(false);
  const [presence, setPresence] = useState<CallPresence | null>(null);

  const toItem = useCallback(
    (m: ChatMessageReceived): ChatItem => ({
      id: m.id,
      clientId: m.clientId ?? undefined,
      userId: m.userId,
      name: m.name,
      text: m.text,
      at: m.at,
      self: userId !== null && m.userId === userId,
      pending: false,
    }),
    [userId],
  );

  // The stored history, once wanted: the newest page, then older pages on request. Socket pushes
  // go into the same cache entry (addStored). It lives while a screen holds the chat (gcTime 0):
  // a screen that opens it later was not listening meanwhile, so it loads it afresh.
  const history = useInfiniteQuery({
    queryKey: roomMessagesQueryKey(roomId),
    queryFn: async ({ pageParam, signal }): Promise<HistoryPage> => {
      const page = await getRoomMessages(
        roomId,
        pageParam === null ? {} : { before: pageParam },
        signal,
      );
      const items = page.messages.map(toItem);
      if (pageParam !== null) return { items, hasMore: page.hasMore };
      // Live messages that came while the newest page was on its way stay in it.
      const cached = client.getQueryData<History>(roomMessagesQueryKey(roomId));
      return { items: mergeChatItems(items, cached?.pages[0]?.items ?? []), hasMore: page.hasMore };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? (last.items[0]?.id ?? undefined) : undefined),
    enabled: enabled && loadHistory,
    retry: false,
    gcTime: 0,
    // The socket keeps it current, and a reconnect catches up from the last message.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const stored = useMemo(() => storedItems(history.data), [history.data]);
  const items = useMemo(() => mergeChatItems(stored, pending), [stored, pending]);

  const historyFailed = history.isError && !history.isFetchNextPageError;
  useEffect(() => {
    if (historyFailed) toast('Could not load the chat history.', { tone: 'error' });
  }, [historyFailed, history.errorUpdatedAt]);

  const storeItems = useCallback(
    (incoming: readonly ChatItem[]) => addStored(client, roomId, incoming),
    [client, roomId],
  );

  const pump = useCallback(() => {
    const socket = socketRef.current;
    const head = outbox.current[0];
    if (!socket || !head || sending.current || !socket.connected) return;
    sending.current = true;
    const payload = { roomId, text: head.text, name, at: head.at, self: true, id: head.clientId };
    socket
      .timeout(CHAT_ACK_TIMEOUT_MS)
      .emit('chat-message', payload, (err: Error | null, ack: Ack<ChatMessageResult>) => {
        sending.current = false;
        if (outbox.current[0] !== head) return;
        if (err) {
          // No answer in time: send the same message (same id) again; the server keeps one copy.
          pump();
          return;
        }
        outbox.current.shift();
        // Answered for good either way: stored (the ack) or refused (it would be refused again).
        if (userId !== null) forgetChatMessage(userId, head.clientId);
        if (ack.ok) {
          storeItems([{ ...toItem(ack.message), clientId: head.clientId, self: true }]);
        } else {
          // Refused (too fast, too long): say so and take the message out of the list.
          toast(ack.message, { tone: 'error' });
        }
        // This render reads the cache as it is now, so the stored copy replaces the pending one
        // in one step.
        setPending((current) => current.filter((i) => i.clientId !== head.clientId));
        pump();
      });
  }, [roomId, userId, name, storeItems, toItem]);

  // What this account left unsent in this room (a closed tab, a reload): pending in the list at
  // once, then sent, oldest first, before anything written now.
  useEffect(() => {
    if (!enabled || userId === null) return;
    const kept = readChatOutbox(userId, roomId).filter(
      (m) => !outbox.current.some((o) => o.clientId === m.clientId),
    );
    if (kept.length === 0) return;
    outbox.current = [
      ...kept.map(({ clientId, text, at }) => ({ clientId, text, at })),
      ...outbox.current,
    ];
    setPending((current) =>
      mergeChatItems(
        current,
        kept.map((m) => pendingItem(m, userId, name)),
      ),
    );
    pump();
  }, [enabled, userId, roomId, name, pump]);

  // Live messages, presence and catch-up after a reconnect.
  useEffect(() => {
    if (!enabled) return;
    const { socket, release } = acquireSocket();
    socketRef.current = socket;
    const controller = new AbortController();
    let connectedBefore = socket.connected;
    const cached = () => storedItems(client.getQueryData<History>(roomMessagesQueryKey(roomId)));

    const catchUp = async () => {
      // Page forward from the newest stored message this screen has, while there is more.
      for (let round = 0; round < 50; round += 1) {
        const last = cached().at(-1);
        if (!last) return;
        const page = await getRoomMessages(roomId, { after: last.id }, controller.signal);
        storeItems(page.messages.map(toItem));
        if (!page.hasMore) return;
      }
    };

    // The room's chat channel: chat messages and who is in the call, without joining the call.
    const subscribe = () =>
      socket.emit('join-chat', { roomId }, (ack: Ack<JoinChatResult>) => {
        if (ack.ok) setPresence(ack.presence);
      });
    const onMessage = (m: ChatMessageReceived) => {
      if (m.roomId !== roomId) return;
      const item = toItem(m);
      // A message already listed (a repeat delivery) is not news.
      const news = !item.self && !cached().some((i) => i.id === item.id);
      storeItems([item]);
      if (news) onIncomingRef.current?.(item);
    };
    const onPresence = (p: CallPresence) => {
      if (p.roomId === roomId) setPresence(p);
    };
    const onConnect = () => {
      subscribe();
      if (connectedBefore) void catchUp().catch(() => {});
      connectedBefore = true;
      pump();
    };
    socket.on('chat-message', onMessage);
    socket.on('call-presence', onPresence);
    socket.on('connect', onConnect);
    if (socket.connected) {
      subscribe();
      // Messages restored from storage before the socket was known go now.
      pump();
    }
    return () => {
      controller.abort();
      socket.off('chat-message', onMessage);
      socket.off('call-presence', onPresence);
      socket.off('connect', onConnect);
      if (socket.connected) socket.emit('leave-chat', { roomId }, () => {});
      socketRef.current = null;
      release();
    };
  }, [enabled, roomId, client, storeItems, toItem, pump]);

  const send = useCallback(
    (text: string) => {
      const message: Outgoing = { clientId: newClientId(), text, at: Date.now() };
      // Kept before the first try: the tab may close while it is on its way.
      if (userId !== null) keepChatMessage(userId, { roomId, ...message });
      outbox.current.push(message);
      setPending((current) => mergeChatItems(current, [pendingItem(message, userId, name)]));
      pump();
    },
    [pump, roomId, userId, name],
  );

  const { fetchNextPage } = history;
  const loadOlder = useCallback(async () => {
    const result = await fetchNextPage();
    if (result.isFetchNextPageError) toast('Could not load older messages.', { tone: 'error' });
  }, [fetchNextPage]);

  return {
    items,
    // Loading while the newest page is wanted and on its way (not while paging back).
    loading:
      loadHistory && (history.isPending || (history.isFetching && !history.isFetchingNextPage)),
    hasOlder: history.hasNextPage,
    loadingOlder: history.isFetchingNextPage,
    loadOlder,
    send,
    presence,
  };
}
