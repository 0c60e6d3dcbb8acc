import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { cn } from './cn';

/**
 * A dropdown menu built on Radix: arrow keys move between items, typing jumps to an item, Escape
 * or a press outside closes it and focus returns to the trigger.
 *
 * Non-modal on purpose: a modal Radix menu locks scrolling with react-remove-scroll, whose
 * injected <style> element our CSP (style-src 'self') refuses. A menu needs no scroll lock or
 * focus trap (WAI-ARIA menu button pattern); see docs/decisions/0004.
 */
export function Menu(props: Omit<ComponentPropsWithoutRef<typeof RadixMenu.Root>, 'modal'>) {
  return <RadixMenu.Root modal={false} {...props} />;
}
export const MenuTrigger = RadixMenu.Trigger;

export function MenuContent({
  children,
  className,
  align = 'end',
  portal = true,
  ...rest
}: ComponentPropsWithoutRef<typeof RadixMenu.Content> & {
  /**
   * False renders the menu where it is written, inside its landmark (axe's region rule: a menu
   * portalled to the end of <body> sits outside every landmark). Use it where no ancestor clips.
   */
  portal?: boolean;
}) {
  const content = (
    <RadixMenu.Content
      align={align}
      sideOffset={8}
      className={cn(
        'z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg focus:outline-none',
        'motion-safe:data-[state=open]:animate-[pop-in_120ms_ease-out]',
        className,
      )}
      {...rest}
    >
      {children}
    </RadixMenu.Content>
  );
  return portal ? <RadixMenu.Portal>{content}</RadixMenu.Portal> : content;
}

export const menuItemClasses = cn(
  'flex w-full cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none select-none',
  'data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800 data-[disabled]:opacity-50',
);

export function MenuItem({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cn(menuItemClasses, className)} {...rest} />;
}

export function MenuLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <RadixMenu.Label className={cn('px-2.5 py-2', className)}>{children}</RadixMenu.Label>;
}

export function MenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-slate-200" />;
}
