import { useEffect, useSyncExternalStore } from 'react';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { cn } from './cn';

/**
 * Short, self-dismissing notices. `toast('Saved')` works from anywhere (a component, a socket
 * handler); one <Toaster/> near the root shows them. Each lasts 3 s (docs/product.md §16.2) and
 * sits in a polite live region, so screen readers hear it without losing their place.
 *
 * Toasts inform and never cover the controls: a toast given a `key` replaces the one showing
 * with the same key (five mic toggles leave one 'Mic off', not a stack of five), at most
 * MAX_TOASTS show at once, and a screen whose controls sit at the bottom (the call) moves them to
 * the top with `useToastPlacement('top')`.
 */

/**
 * docs/product.md §16.2: toast duration. Kept here, not imported, so the shell stays free of zod.
 */
export const TOAST_MS = 3000;

export type ToastTone = 'info' | 'success' | 'error';

/** The most toasts on screen at once; an older one makes way for a newer. */
export const MAX_TOASTS = 3;

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  key?: string;
}

export interface ToastOptions {
  tone?: ToastTone;
  /** Toasts about one thing (the mic, the link) share a key: the newest replaces the one shown. */
  key?: string;
}

/** Where toasts show: the bottom corner, or the top (under a page's own header bar). */
export type ToastPlacement = 'bottom' | 'top';

let items: ToastItem[] = [];
let nextId = 1;
let placement: ToastPlacement = 'bottom';
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const item: ToastItem = { id, message, tone: options.tone ?? 'info', key: options.key };
  const index = options.key === undefined ? -1 : items.findIndex((i) => i.key === options.key);
  // Replaced in place with a new id, so its 3 s start again and the list does not jump about.
  const next = index === -1 ? [...items, item] : items.map((i, n) => (n === index ? item : i));
  items = next.slice(-MAX_TOASTS);
  emit();
  return id;
}

/**
 * Shows toasts at `where` while the calling component is mounted (the call's control bar and chat
 * input sit at the bottom, so its toasts go to the top); the default placement comes back after.
 */
export function useToastPlacement(where: ToastPlacement): void {
  useEffect(() => {
    const before = placement;
    placement = where;
    emit();
    return () => {
      placement = before;
      emit();
    };
  }, [where]);
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
const getPlacement = () => placement;

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
  const where = useSyncExternalStore(subscribe, getPlacement, getPlacement);
  return (
    <div
      role="status"
      aria-live="polite"
      data-placement={where}
      className={cn(
        'pointer-events-none fixed z-[60] flex justify-center',
        where === 'bottom'
          ? 'inset-x-4 bottom-4 sm:inset-x-auto sm:right-4 sm:justify-end'
          : // Under a 3 rem header bar, at the start edge: clear of a side panel on the right.
            'inset-x-3 top-14 sm:right-auto sm:justify-start',
      )}
    >
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {current.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </ol>
    </div>
  );
}
