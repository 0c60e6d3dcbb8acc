import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { getSlot, getSnapshot, subscribe, type ToastItem } from './toast-store';

export {
  dismissToast,
  MAX_TOASTS,
  runToastAction,
  TOAST_MS,
  toast,
  useToastSlot,
  type ToastAction,
  type ToastEnd,
  type ToastItem,
  type ToastOptions,
  type ToastTone,
} from './toast-store';

/**
 * Short, self-dismissing notices. `toast('Saved')` works from anywhere (a component, a socket
 * handler); one <Toaster/> near the root shows them. Each lasts 3 s (docs/product.md §16.2) and
 * sits in a polite live region, so screen readers hear it without losing their place.
 *
 * Toasts inform and never cover the controls: a toast given a `key` replaces the one showing
 * with the same key (five mic toggles leave one 'Mic off', not a stack of five), at most
 * MAX_TOASTS show at once, a phone shows the newest over the page's bar rather than over the
 * page, and a screen with no bar and no free corner (the call) gives them a place of their own in
 * its layout with `useToastSlot()` (docs/decisions/0072, 0080).
 */

/** The card, once its file has loaded; until then the region stays empty. */
let ToastCard: ComponentType<{ item: ToastItem; hidden?: boolean }> | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the cards' file: the Toaster does with the first toast (the live region exists from the
 * start, so a screen reader still hears a toast that appears a moment later); tests may load it
 * first. A failed load (offline) is tried again with the next toast.
 */
export function loadToastCard(): Promise<void> {
  loading ??= import('./toast-card').then(
    (m) => {
      ToastCard = m.default;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

const PHONE = '(max-width: 639.98px)';
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE).matches;
function subscribePhone(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/**
 * The one toast a phone shows over its bar: the newest that offers an action (an Undo must stay
 * reachable), else the newest.
 */
export function onePerPhone(items: readonly ToastItem[]): ToastItem[] {
  const withAction = items.findLast((item) => item.action);
  const pick = withAction ?? items.at(-1);
  return pick ? [pick] : [];
}

/** Renders the current toasts; mount it once. The live region exists before any toast appears. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const slot = useSyncExternalStore(subscribe, getSlot, getSlot);
  const [, setCardLoaded] = useState(ToastCard !== undefined);
  const waiting = current.length > 0 && ToastCard === undefined;
  useEffect(() => {
    if (waiting) void loadToastCard().then(() => setCardLoaded(ToastCard !== undefined));
  }, [waiting]);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const shown = ToastCard ? current : [];
  // A phone over its bar has room for one; the others are laid out hidden, their time running.
  const visible = phone && !slot ? onePerPhone(shown) : shown;
  const region = (
    <div
      role="status"
      aria-live="polite"
      data-placement={slot ? 'slot' : 'bottom'}
      className={cn(
        'pointer-events-none flex justify-center',
        slot
          ? // In the screen's own place: it takes room only while a toast shows.
            shown.length > 0 && 'pb-2'
          : [
              // A phone: over the page's bar (64 px tall, at the top of every page but the call),
              // never over the page's own controls: the newest toast only, at most two lines.
              'fixed inset-x-2 top-1 z-[60]',
              'max-sm:[&_li]:py-2 max-sm:[&_p]:line-clamp-2',
              // Wider screens: the bottom corner, stacked.
              'sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:justify-end',
            ],
      )}
    >
      <ol className="flex w-full max-w-sm flex-col gap-2">
        {ToastCard &&
          shown.map(
            (item) =>
              ToastCard && <ToastCard key={item.id} item={item} hidden={!visible.includes(item)} />,
          )}
      </ol>
    </div>
  );
  return slot ? createPortal(region, slot) : region;
}
