import { useEffect } from 'react';

/**
 * The toasts' state, apart from how they look (toast.tsx): `toast()` is called from everywhere,
 * the shell included, while the cards and their icons load only once a toast is shown.
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

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getSnapshot = () => items;
export const getPlacement = () => placement;
