import { useRef, type ReactNode, type Ref } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from './cn';
import { useScrollLock } from './scroll-lock';

/**
 * A modal dialog built on Radix: focus is trapped and returned, Escape and the close button dismiss
 * it, and the title names it for assistive technology. A form dialog opens on its first field.
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const overlayClasses = cn(
  'pointer-events-auto fixed inset-0 z-40 bg-black/50 backdrop-blur-[1px]',
  'motion-safe:animate-[fade-in_150ms_ease-out]',
);

/**
 * The dimmed backdrop behind a modal (Dialog, Drawer), placed inside the modal's Portal, which
 * mounts it only while open. It stands in for Radix's Overlay so that scrolling is locked by our
 * stylesheet rather than an injected <style> element, which the CSP refuses (see scroll-lock.ts).
 * A press on it is outside the content, so Radix still closes the modal.
 */
export function ModalOverlay({ ref }: { ref?: Ref<HTMLDivElement> }) {
  useScrollLock();
  return <div ref={ref} aria-hidden="true" className={overlayClasses} />;
}

export interface DialogContentProps {
  title: ReactNode;
  /** A sentence under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Hide the visible title while keeping it as the accessible name. */
  hideTitle?: boolean;
  /**
   * Where focus goes when the dialog closes, when that is not simply the control focused when it
   * opened (a menu item that is gone by then, say). Returning nothing keeps the default.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** A form dialog's first field, or a control marked to start on (a question's safe answer). */
const FIRST_FIELD =
  '[data-autofocus], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** Focuses the page's main heading (the fallback when a dialog's opener has left the page). */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/**
 * Focus handlers for a Radix dialog opened from our own state rather than a Radix Trigger: on close
 * Radix focuses its trigger, and without one focus would fall to the page's body. So the control
 * focused when the dialog opened is remembered and focused again on close; `returnFocus` can name
 * another (a menu's button when a menu item opened the dialog); when the opener has left the page
 * (a button on the previous route), the page's main heading takes focus.
 */
export function useReturnFocus(returnFocus?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  const openedAt = useRef('');
  return {
    onOpenAutoFocus(event?: Event) {
      const active = document.activeElement;
      // An autoFocus field inside the dialog may already hold focus: that is not the opener.
      const inside = event?.currentTarget instanceof Node && event.currentTarget.contains(active);
      opener.current =
        active instanceof HTMLElement && active !== document.body && !inside ? active : null;
      openedAt.current = window.location.pathname;
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault();
      // Closed by moving to another page (a link in the drawer): the new page's heading gets
      // focus once it renders (app/route-focus.tsx), not the control on the page being left.
      if (window.location.pathname !== openedAt.current) return;
      const target = returnFocus?.();
      if (target?.isConnected) target.focus();
      else if (opener.current?.isConnected) opener.current.focus();
      else focusMainHeading();
    },
  };
}

export function DialogContent({
  title,
  description,
  children,
  className,
  hideTitle = false,
  returnFocus,
}: DialogContentProps) {
  const focus = useReturnFocus(returnFocus);
  return (
    <RadixDialog.Portal>
      <ModalOverlay />
      <RadixDialog.Content
        // Without a description Radix warns unless aria-describedby is explicitly undefined.
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          focus.onOpenAutoFocus(event);
          // A form dialog starts on its first field rather than on the close button; a question
          // starts on the answer marked data-autofocus.
          const field = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
            FIRST_FIELD,
          );
          if (field) {
            event.preventDefault();
            field.focus();
          }
        }}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
          'motion-safe:data-[state=open]:animate-[pop-in_150ms_ease-out]',
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className={cn('min-w-0', hideTitle && 'sr-only')}>
            <RadixDialog.Title className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
              {title}
            </RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-600">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          <RadixDialog.Close
            aria-label="Close"
            className="-m-1 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
