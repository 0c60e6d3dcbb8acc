import { useRef, type ReactNode, type Ref } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from './cn';
import { useScrollLock } from './scroll-lock';

/**
 * A modal dialog built on Radix: focus is trapped and returned, Escape and the close button dismiss
 * it, and the title names it for assistive technology.
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
}

export function DialogContent({
  title,
  description,
  children,
  className,
  hideTitle = false,
}: DialogContentProps) {
  // Radix returns focus to a DialogTrigger only. Dialogs opened from an ordinary button (a card's
  // Edit, a page's New button) remember what had focus as they opened and return it on close.
  const opener = useRef<Element | null>(null);
  return (
    <RadixDialog.Portal>
      <ModalOverlay />
      <RadixDialog.Content
        // Without a description Radix warns unless aria-describedby is explicitly undefined.
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
            event.preventDefault();
            target.focus();
          }
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
          'motion-safe:data-[state=open]:animate-[pop-in_150ms_ease-out]',
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className={cn(hideTitle && 'sr-only')}>
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">
              {title}
            </RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600">
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
