import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../ui/toast';
import { chatPreview } from '../lib/chat-preview';

/**
 * Nothing said in the chat is missed while its panel is closed (a phone starts with it closed,
 * docs/product.md §7.6): each message from someone else then shows a short preview toast and
 * counts as unread on the Chat button; opening the chat clears the count.
 */
export function useChatAttention(open: boolean) {
  const [unread, setUnread] = useState(0);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
    if (open) setUnread(0);
  }, [open]);

  /** A live message from someone else arrived. */
  const onIncoming = useCallback((message: { name: string; text: string }) => {
    if (openRef.current) return;
    setUnread((n) => n + 1);
    // One preview at a time: a burst shows the newest, the count says how many.
    toast(chatPreview(message.name, message.text), { key: 'call-chat-preview' });
  }, []);

  return { unread, onIncoming };
}
