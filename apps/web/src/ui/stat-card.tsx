import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

const SIZES = {
  /** The dashboard's own figures. */
  md: { card: 'p-5', badge: 'h-12 w-12', icon: 'h-6 w-6', value: 'text-2xl' },
  /** A smaller row of figures under a card's heading (the focus figures). */
  sm: { card: 'p-4', badge: 'h-10 w-10', icon: 'h-5 w-5', value: 'text-xl' },
} as const;

/**
 * One figure as a list item: an icon on a tinted square (`tone`), the label, the value (with an
 * optional unit in smaller type) and a line of detail. Render it inside a `ul`.
 */
export function StatCard({
  label,
  value,
  unit,
  detail,
  Icon,
  tone,
  testId,
  size = 'md',
}: {
  label: string;
  value: number;
  unit?: string;
  detail: string;
  Icon: LucideIcon;
  tone: string;
  /** The value's data-testid. */
  testId: string;
  size?: keyof typeof SIZES;
}) {
  const s = SIZES[size];
  return (
    <li
      className={cn(
        'flex min-w-0 items-center gap-4 rounded-2xl border border-slate-200 bg-white shadow-sm',
        s.card,
      )}
    >
      <span className={cn('flex shrink-0 items-center justify-center rounded-xl', s.badge, tone)}>
        <Icon aria-hidden="true" className={s.icon} />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className={cn('font-bold text-slate-900', s.value)} data-testid={testId}>
          {value}
          {unit !== undefined && (
            <>
              {' '}
              <span className="text-sm font-medium text-slate-600">{unit}</span>
            </>
          )}
        </p>
        <p className="text-xs text-slate-600">{detail}</p>
      </div>
    </li>
  );
}
