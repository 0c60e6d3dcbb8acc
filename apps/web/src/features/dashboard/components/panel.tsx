import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { ErrorBoundary } from '../../../ui/error-boundary';

/**
 * One dashboard panel: a titled section with an optional "see all" link. Each panel has its own
 * error boundary (STYLE.md), so one failing panel never blanks the dashboard.
 */
export function Panel({
  id,
  title,
  to,
  toLabel,
  children,
  className,
}: {
  id: string;
  title: string;
  to?: string;
  toLabel?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm ${className ?? ''}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {to && toLabel && (
          <Link
            to={to}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {toLabel}
            <ArrowRight aria-hidden="true" className="h-3.5 w-3.5" />
          </Link>
        )}
      </div>
      <div className="mt-4 flex-1">
        <ErrorBoundary fallback={() => <PanelError />}>{children}</ErrorBoundary>
      </div>
    </section>
  );
}

function PanelError() {
  return <p className="text-sm text-slate-600">This panel could not be shown.</p>;
}
