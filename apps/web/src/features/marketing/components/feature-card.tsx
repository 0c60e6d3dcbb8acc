import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../../ui/cn';

/** Icon tints that keep their contrast on white; one per card so a grid does not look flat. */
export const TINTS = {
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  violet: 'bg-violet-50 text-violet-700 ring-violet-100',
  sky: 'bg-sky-50 text-sky-700 ring-sky-100',
  amber: 'bg-amber-50 text-amber-700 ring-amber-100',
  emerald: 'bg-emerald-50 text-emerald-700 ring-emerald-100',
  rose: 'bg-rose-50 text-rose-700 ring-rose-100',
} as const;
export type Tint = keyof typeof TINTS;

/** Whether a feature can be used today; the words carry the meaning, the colour repeats it. */
export type FeatureStatus = 'available' | 'soon';
const STATUS = {
  available: { label: 'Available now', classes: 'bg-green-50 text-green-800 ring-green-200' },
  soon: { label: 'Coming soon', classes: 'bg-slate-100 text-slate-700 ring-slate-300' },
} as const;

/**
 * A feature card: icon, title, a sentence, and optionally a short list of what it includes and
 * whether it is available today.
 */
export function FeatureCard({
  icon: Icon,
  title,
  tint = 'brand',
  points,
  children,
  headingLevel = 3,
  status,
}: {
  status?: FeatureStatus;
  icon: LucideIcon;
  title: string;
  tint?: Tint;
  points?: readonly string[];
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex h-12 w-12 items-center justify-center rounded-xl ring-1',
          TINTS[tint],
        )}
      >
        <Icon className="h-6 w-6" />
      </span>
      <Heading className="mt-5 text-lg font-semibold text-slate-900">{title}</Heading>
      {status && (
        <p className="mt-2">
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
              STATUS[status].classes,
            )}
          >
            {STATUS[status].label}
          </span>
        </p>
      )}
      <p className="mt-2 text-sm leading-6 text-slate-600">{children}</p>
      {points && (
        <ul className="mt-4 space-y-2 text-sm text-slate-700">
          {points.map((point) => (
            <li key={point} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
              {point}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
