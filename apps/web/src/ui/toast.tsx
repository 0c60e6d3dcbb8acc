import { useEffect, useSyncExternalStore } from 'react';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { cn } from './cn';

/**
 * Short, self-dismissing notices. `toast('Saved')` works from anywhere (a component, a socket
 * handler); one <Toaster/> near the root shows them. Each lasts 3 s (docs/product.md §16.2) and
 * sits in a polite live region, so screen readers hear it without losing their place.
 */

/**
 * docs/product.md §16.2: toast duration. Kept here, not imported, so the shell stays free of zod.
 */
export const TOAST_MS = 3000;

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: string, options: { tone?: ToastTone } = {}): number {
  const id = nextId++;
  items = [...items, { id, message, tone: options.tone ?? 'info' }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => items;

const TONES = {
  info: { box: 'border-slate-200', Icon: Info, icon: 'text-brand-600' },
  success: { box: 'border-green-200', Icon: CheckCircle2, icon: 'text-green-600' },
  error: { box: 'border-red-200', Icon: AlertCircle, icon: 'text-red-600' },
} as const;

function ToastCard({ item }: { item: ToastItem }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [item.id]);
  const { box, Icon, icon } = TONES[item.tone];
  return (
    <li
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm text-slate-800 shadow-lg',
        'motion-safe:animate-[pop-in_150ms_ease-out]',
        box,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 h-4 w-4 shrink-0', icon)} />
      <p className="flex-1">{item.message}</p>
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

/** Renders the current toasts; mount it once. The live region exists before any toast appears. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex justify-center sm:inset-x-auto sm:right-4 sm:justify-end"
    >
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {current.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </div>
  );
}
