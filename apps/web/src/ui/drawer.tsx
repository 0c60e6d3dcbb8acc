import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from './cn';
import { ModalOverlay, useReturnFocus } from './dialog';

/**
 * A side sheet for small screens (the navigation drawers). It is a Radix dialog, so focus is
 * trapped inside, Escape closes it and focus returns to the button that opened it.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  side = 'right',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side?: 'left' | 'right';
  children: ReactNode;
}) {
  const focus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <ModalOverlay />
        <RadixDialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={cn(
            'fixed inset-y-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl focus:outline-none',
            side === 'right' ? 'right-0' : 'left-0',
            side === 'right'
              ? 'motion-safe:data-[state=open]:animate-[slide-in-right_200ms_ease-out]'
              : 'motion-safe:data-[state=open]:animate-[slide-in-left_200ms_ease-out]',
          )}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close menu"
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain p-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a link or button inside a drawer so choosing it also closes the drawer. */
export const DrawerClose = RadixDialog.Close;
