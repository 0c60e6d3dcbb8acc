import { useCallback } from 'react';

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

/** A toast's one button beside Dismiss (Undo): it runs, then the toast goes. */
export interface ToastAction {
  label: string;
  run: () => void;
}

/** How a toast went: its action ran, or it was closed any other way (time, Dismiss, replaced). */
export type ToastEnd = 'action' | 'closed';

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  key?: string;
  action?: ToastAction;
  /** How long it shows (ms): TOAST_MS unless it offers an action. */
  durationMs: number;
  /** The action's button takes the keyboard when the toast shows. */
  focusAction?: boolean;
  onEnd?: (how: ToastEnd) => void;
}

export interface ToastOptions {
  tone?: ToastTone;
  /** Toasts about one thing (the mic, the link) share a key: the newest replaces the one shown. */
  key?: string;
  /**
   * A button that undoes what the toast reports. Such a toast is given longer than a notice
   * (`durationMs`, docs/decisions/0064-undo-a-delete.md): it is a choice, not just news.
   */
  action?: ToastAction;
  durationMs?: number;
  /**
   * The action's button takes the keyboard: for an action whose control just went away with what
   * it acted on (Delete), so focus lands on Undo, not on the page's start.
   */
  focusAction?: boolean;
  /** Called once when the toast goes, whichever way. */
  onEnd?: (how: ToastEnd) => void;
}

let items: ToastItem[] = [];
let nextId = 1;
let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const item: ToastItem = {
    id,
    message,
    tone: options.tone ?? 'info',
    key: options.key,
    action: options.action,
    durationMs: options.durationMs ?? TOAST_MS,
    focusAction: options.focusAction,
    onEnd: options.onEnd,
  };
  const index = options.key === undefined ? -1 : items.findIndex((i) => i.key === options.key);
  // Replaced in place with a new id, so its 3 s start again and the list does not jump about.
  const next = index === -1 ? [...items, item] : items.map((i, n) => (n === index ? item : i));
  const before = items;
  items = next.slice(-MAX_TOASTS);
  emit();
  ended(before, 'closed');
  return id;
}

/** Tells each toast of `before` that is no longer shown that it went. */
function ended(before: readonly ToastItem[], how: ToastEnd): void {
  for (const item of before) {
    if (!items.includes(item)) item.onEnd?.(how);
  }
}

/** Runs a toast's action and removes the toast (its button). */
export function runToastAction(id: number): void {
  const item = items.find((i) => i.id === id);
  if (!item?.action) return;
  const before = items;
  items = items.filter((i) => i !== item);
  emit();
  item.action.run();
  ended(before, 'action');
}

/**
 * A screen's own place for its toasts, given as a ref to an element in its layout: while that
 * element is on the page the toasts show in it, taking room of their own, instead of floating
 * over the screen. The call does this: its control bar, chat, tiles and tool panels fill the
 * window, so any floating spot covers some control (docs/decisions/0072); after it the bottom
 * corner is back.
 */
export function useToastSlot(): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    slot = element;
    emit();
    return () => {
      if (slot !== element) return;
      slot = null;
      emit();
    };
  }, []);
}

export function dismissToast(id: number): void {
  const before = items;
  items = items.filter((item) => item.id !== id);
  if (items.length === before.length) return;
  emit();
  ended(before, 'closed');
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getSnapshot = () => items;
export const getSlot = () => slot;
