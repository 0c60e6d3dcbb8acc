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
}

interface Outgoing {
  clientId: string;
  text: string;
  at: number;
}

function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * A room's live chat (docs/product.md §8.1-§8.3) with nothing lost: history from the server, live
 * messages from the socket, and an outbox that sends one message at a time, in order, until the
 * server acknowledges it (the server drops a repeat by its client id). After the link comes back
 * it fetches what it missed with the history's `after` cursor; older pages come with `before`.
 */
export function useRoomChat({
  roomId,
  userId,
  name,
  enabled = true,
  loadHistory = true,
}: RoomChatOptions) {
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
  }, [roomId, name, merge, toItem]);

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
      if (m.roomId === roomId) merge([toItem(m)]);
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
    if (socket.connected) subscribe();
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
      outbox.current.push(message);
      merge([
        {
          id: message.clientId,
          clientId: message.clientId,
          userId,
          name,
          text,
          at: message.at,
          self: true,
          pending: true,
        },
      ]);
      pump();
    },
    [merge, pump, userId, name],
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
