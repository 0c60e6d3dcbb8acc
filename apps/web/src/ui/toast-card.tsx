import { useEffect, useRef } from 'react';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { cn } from './cn';
import { dismissToast, runToastAction, type ToastItem } from './toast-store';

/**
 * One toast as it shows, with its icon, its 3 s (longer with an action, such as Undo), the action's
 * button and a Dismiss button. Loaded by the Toaster when the first toast appears, so the landing
 * page's entry carries neither the cards nor their icons.
 */

const TONES = {
  info: { box: 'border-slate-200', Icon: Info, icon: 'text-brand-600' },
  success: { box: 'border-green-200', Icon: CheckCircle2, icon: 'text-green-600' },
  error: { box: 'border-red-200', Icon: AlertCircle, icon: 'text-red-600' },
} as const;

/** `hidden`: laid out but not shown (a phone shows one toast at a time); its time still runs. */
export default function ToastCard({ item, hidden = false }: { item: ToastItem; hidden?: boolean }) {
  const action = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (item.focusAction) action.current?.focus();
  }, [item.focusAction]);
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), item.durationMs);
    return () => window.clearTimeout(timer);
  }, [item.id, item.durationMs]);
  const { box, Icon, icon } = TONES[item.tone];
  return (
    <li
      hidden={hidden}
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm text-slate-800 shadow-lg',
        'motion-safe:animate-[pop-in_150ms_ease-out]',
        box,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', icon)} />
      {/* A long word (a link pasted in the chat, previewed) wraps rather than widening the page. */}
      <p className="min-w-0 flex-1 [overflow-wrap:anywhere]">{item.message}</p>
      {item.action && (
        <button
          ref={action}
          type="button"
          onClick={() => runToastAction(item.id)}
          className="-my-1 rounded px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {item.action.label}
        </button>
      )}
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(item.id)}
        className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}
