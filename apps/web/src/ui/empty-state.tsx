import type { ReactNode } from 'react';
import { cn } from './cn';

/*
 * Each look is the spacing one kind of place has always used, so moving a screen onto this
 * component changed no pixel. A new empty state picks the look of the place it sits in.
 */
const LOOKS = {
  /** Inside a panel or under a section heading: dashboard panels, My Rooms. */
  compact: { box: 'gap-3 rounded-xl px-4 py-6', title: '', text: 'text-sm', action: '' },
  /** A page section of its own: Notes' My Files and My Text Notes. */
  section: { box: 'gap-3 rounded-2xl px-4 py-6', title: '', text: 'text-sm', action: '' },
  /** A page whose one list is empty: Tasks, Resources. */
  page: { box: 'gap-2 rounded-2xl px-4 py-10', title: '', text: '', action: '' },
  /** A page with nothing at all yet, with a heading and the ways to start. */
  welcome: {
    box: 'rounded-2xl px-6 py-16',
    title: 'mt-4 text-lg',
    text: 'mt-1 max-w-sm text-sm',
    action: 'mt-6',
  },
  /** A search or filter that matched nothing, with a heading and the way back. */
  'no-results': {
    box: 'rounded-2xl px-6 py-12',
    title: 'mt-3 text-base',
    text: 'mt-1 text-sm',
    action: 'mt-3',
  },
} as const;

export type EmptyStateLook = keyof typeof LOOKS;

/**
 * What a list shows when it has nothing: a dashed box with an optional picture, heading, the
 * sentence saying what is missing (the product's words where it has them) and the actions that fill
 * it. The icon comes drawn by the caller (aria-hidden, its own size), since places draw it
 * differently; the heading is a level-two heading, as every page using one needs today.
 */
export function EmptyState({
  look = 'compact',
  icon,
  title,
  children,
  action,
  className,
}: {
  look?: EmptyStateLook;
  icon?: ReactNode;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  /** The box's place in its parent (a margin); its inside belongs to the look. */
  className?: string;
}) {
  const style = LOOKS[look];
  return (
    <div
      className={cn(
        'flex flex-col items-center border border-dashed border-slate-300 bg-white text-center',
        style.box,
        className,
      )}
    >
      {icon}
      {title && <h2 className={cn('font-semibold text-slate-900', style.title)}>{title}</h2>}
      {children && <p className={cn('text-slate-600', style.text)}>{children}</p>}
      {action && <div className={cn('flex gap-2', style.action)}>{action}</div>}
    </div>
  );
}
