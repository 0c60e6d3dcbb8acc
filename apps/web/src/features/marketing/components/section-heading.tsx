import type { ReactNode } from 'react';
import { cn } from '../../../ui/cn';

/** An eyebrow, a heading and an introduction, centred above a section's content. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
}: {
  /** The heading's id, for a section's aria-labelledby. */
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg leading-8 text-slate-600">{children}</p>}
    </div>
  );
}
