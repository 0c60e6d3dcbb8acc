import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Loader2, SendHorizontal } from 'lucide-react';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import type { ChatItem } from '../lib/chat-items';

export interface ChatPanelProps {
  title: string;
  items: readonly ChatItem[];
  onSend(text: string): void;
  /** Older pages (the history's `before` cursor); absent when there is nothing older. */
  onLoadOlder?: () => void;
  loadingOlder?: boolean;
  loading?: boolean;
  /** Shown above the list, e.g. why sending is not possible right now. */
  notice?: string | null;
  className?: string;
  /** Dark surface for the call screen. */
  tone?: 'light' | 'dark';
  headerAction?: React.ReactNode;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * A room's chat (docs/product.md §8.2): the list, its empty state, and a box where Enter sends and
 * Shift+Enter adds a line. Used in the call's side panel and on the room page. Text is rendered
 * as text, and long words wrap instead of widening the page.
 */
export function ChatPanel({
  title,
  items,
  onSend,
  onLoadOlder,
  loadingOlder = false,
  loading = false,
  notice,
  className,
  tone = 'light',
  headerAction,
}: ChatPanelProps) {
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const stickToBottom = useRef(true);
  const firstId = items[0]?.id;
  const previousFirst = useRef(firstId);
  const previousHeight = useRef(0);
  const titleId = useId();
  const inputId = useId();
  const dark = tone === 'dark';

  // New messages keep the view at the bottom if it was there; an older page prepended keeps the
  // message the reader was looking at in place.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (previousFirst.current !== firstId && previousHeight.current > 0 && !stickToBottom.current) {
      list.scrollTop += list.scrollHeight - previousHeight.current;
    } else if (stickToBottom.current) {
      list.scrollTop = list.scrollHeight;
    }
    previousFirst.current = firstId;
    previousHeight.current = list.scrollHeight;
  }, [items, firstId]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onScroll = () => {
      stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    };
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => list.removeEventListener('scroll', onScroll);
  }, []);

  const send = () => {
    // docs/product.md §8.2: text is trimmed; empty text is not sent.
    const text = draft.trim();
    if (!text) return;
    stickToBottom.current = true;
    onSend(text);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter falls through and adds a line. A composing IME keeps its Enter.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex min-h-0 min-w-0 flex-col',
        dark ? 'bg-slate-900 text-slate-100' : 'bg-white text-slate-900',
        className,
      )}
    >
      <header
        className={cn(
          'flex items-center justify-between gap-2 border-b px-4 py-3',
          dark ? 'border-slate-700' : 'border-slate-200',
        )}
      >
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        {headerAction}
      </header>
      {notice && (
        <p
          role="status"
          className={cn(
            'px-4 py-2 text-xs',
            dark ? 'bg-amber-900/40 text-amber-100' : 'bg-amber-50 text-amber-900',
          )}
        >
          {notice}
        </p>
      )}
      <ol
        ref={listRef}
        aria-label="Messages"
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={0}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {onLoadOlder && (
          <li className="flex justify-center">
            <Button
              size="sm"
              variant={dark ? 'ghost' : 'outline'}
              className={dark ? 'text-slate-200 hover:bg-slate-800' : undefined}
              onClick={onLoadOlder}
              loading={loadingOlder}
            >
              Load older messages
            </Button>
          </li>
        )}
        {loading ? (
          <li className="flex justify-center py-6" role="status">
            <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
            <span className="sr-only">Loading messages…</span>
          </li>
        ) : items.length === 0 ? (
          <li
            className={cn('py-6 text-center text-sm', dark ? 'text-slate-400' : 'text-slate-500')}
          >
            No messages yet. Start the conversation!
          </li>
        ) : (
          items.map((item) => (
            <li
              key={item.clientId ?? item.id}
              className={cn('flex flex-col', item.self ? 'items-end' : 'items-start')}
            >
              <span className={cn('text-xs', dark ? 'text-slate-400' : 'text-slate-500')}>
                {item.self ? 'You' : item.name} ·{' '}
                <time dateTime={new Date(item.at).toISOString()}>{timeFormat.format(item.at)}</time>
                {item.pending && <span> · Sending…</span>}
              </span>
              <p
                className={cn(
                  'mt-0.5 max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap [overflow-wrap:anywhere]',
                  item.self
                    ? 'bg-brand-600 text-white'
                    : dark
                      ? 'bg-slate-800 text-slate-100'
                      : 'bg-slate-100 text-slate-900',
                  item.pending && 'opacity-70',
                )}
              >
                {item.text}
              </p>
            </li>
          ))
        )}
      </ol>
      <form
        className={cn(
          'flex items-end gap-2 border-t p-3',
          dark ? 'border-slate-700' : 'border-slate-200',
        )}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          id={inputId}
          rows={1}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Send a message"
          maxLength={2000}
          className={cn(
            'max-h-32 min-h-10 min-w-0 flex-1 resize-y rounded-lg border px-3 py-2 text-sm focus:ring-2 focus:outline-none',
            dark
              ? 'border-slate-600 bg-slate-800 text-slate-100 placeholder:text-slate-400 focus:ring-brand-500'
              : 'border-slate-300 bg-white text-slate-900 placeholder:text-slate-400 focus:ring-brand-200',
          )}
        />
        <Button type="submit" aria-label="Send message" disabled={!draft.trim()}>
          <SendHorizontal aria-hidden="true" className="h-4 w-4" />
        </Button>
      </form>
    </section>
  );
}
