import { useCallback, useEffect, useRef, useState } from 'react';
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
  const [items, setItems] = useState<readonly ChatItem[]>([]);
  const [loading, setLoading] = useState(loadHistory);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const itemsRef = useRef(items);
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

  const merge = useCallback((incoming: ChatItem[]) => {
    setItems((current) => {
      const next = mergeChatItems(current, incoming);
      itemsRef.current = next;
      return next;
    });
  }, []);

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
          merge([{ ...toItem(ack.message), clientId: head.clientId, self: true }]);
        } else {
          // Refused (too fast, too long): say so and take the message out of the list.
          toast(ack.message, { tone: 'error' });
          setItems((current) => {
            const next = current.filter((i) => i.clientId !== head.clientId);
            itemsRef.current = next;
            return next;
          });
        }
        pump();
      });
  }, [roomId, userId, name, merge, toItem]);

  // What this account left unsent in this room (a closed tab, a reload): pending in the list at
  // once, then sent, oldest first, before anything written now.
  useEffect(() => {
    if (!enabled || userId === null) return;
    const stored = readChatOutbox(userId, roomId).filter(
      (m) => !outbox.current.some((o) => o.clientId === m.clientId),
    );
    if (stored.length === 0) return;
    outbox.current = [
      ...stored.map(({ clientId, text, at }) => ({ clientId, text, at })),
      ...outbox.current,
    ];
    merge(stored.map((m) => pendingItem(m, userId, name)));
    pump();
  }, [enabled, userId, roomId, name, merge, pump]);

  // The stored history, once wanted.
  useEffect(() => {
    if (!enabled || !loadHistory) return;
    const controller = new AbortController();
    setLoading(true);
    getRoomMessages(roomId, {}, controller.signal)
      .then((page) => {
        setHasOlder(page.hasMore);
        merge(page.messages.map(toItem));
      })
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError'))
          toast('Could not load the chat history.', { tone: 'error' });
      })
      .finally(() => setLoading(false));

    return () => controller.abort();
  }, [enabled, loadHistory, roomId, merge, toItem]);

  // Live messages, presence and catch-up after a reconnect.
  useEffect(() => {
    if (!enabled) return;
    const { socket, release } = acquireSocket();
    socketRef.current = socket;
    const controller = new AbortController();
    let connectedBefore = socket.connected;

    const catchUp = async () => {
      // Page forward from the newest stored message this screen has, while there is more.
      for (let round = 0; round < 50; round += 1) {
        const last = [...itemsRef.current].reverse().find((i) => !i.pending);
        if (!last) return;
        const page = await getRoomMessages(roomId, { after: last.id }, controller.signal);
        merge(page.messages.map(toItem));
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
      const news = !item.self && !itemsRef.current.some((i) => i.id === item.id);
      merge([item]);
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
  }, [enabled, roomId, merge, toItem, pump]);

  const send = useCallback(
    (text: string) => {
      const message: Outgoing = { clientId: newClientId(), text, at: Date.now() };
      // Kept before the first try: the tab may close while it is on its way.
      if (userId !== null) keepChatMessage(userId, { roomId, ...message });
      outbox.current.push(message);
      merge([pendingItem(message, userId, name)]);
      pump();
    },
    [merge, pump, roomId, userId, name],
  );

  const loadOlder = useCallback(async () => {
    const first = itemsRef.current.find((i) => !i.pending);
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await getRoomMessages(roomId, { before: first.id });
      setHasOlder(page.hasMore);
      merge(page.messages.map(toItem));
    } catch {
      toast('Could not load older messages.', { tone: 'error' });
    } finally {
      setLoadingOlder(false);
    }
  }, [roomId, merge, toItem]);

  return { items, loading, hasOlder, loadingOlder, loadOlder, send, presence };
}
