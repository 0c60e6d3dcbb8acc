import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { cn } from '../../../ui/cn';

/** The closing call to action: free sign-up, no credit card required (docs/product.md §1.2). */
export function CtaBanner({
  title,
  children,
  linkLabel,
  headingId,
}: {
  title: string;
  children: string;
  linkLabel: string;
  headingId: string;
}) {
  return (
    <div className="relative overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 via-brand-600 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-16">
      <svg
        aria-hidden="true"
        viewBox="0 0 400 400"
        className="absolute -top-24 -right-24 h-72 w-72 text-white/10"
      >
        <circle cx="200" cy="200" r="150" fill="none" stroke="currentColor" strokeWidth="40" />
        <circle cx="200" cy="200" r="50" fill="currentColor" />
      </svg>
      <svg
        aria-hidden="true"
        viewBox="0 0 400 400"
        className="absolute -bottom-28 -left-20 h-64 w-64 text-white/10"
      >
        <circle cx="200" cy="200" r="150" fill="none" stroke="currentColor" strokeWidth="24" />
      </svg>
      <h2
        id={headingId}
        className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl"
      >
        {title}
      </h2>
      <p className="relative mx-auto mt-4 max-w-xl text-lg leading-8 text-brand-100">{children}</p>
      <div className="relative mt-8 flex flex-col items-center gap-3">
        <Link
          to="/register"
          className={cn(
            buttonClasses('outline', 'lg'),
            'border-transparent text-brand-700 shadow-lg hover:bg-brand-50 focus-visible:outline-white',
          )}
        >
          {linkLabel}
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
        <p className="text-sm text-brand-100">Free sign-up, no credit card required.</p>
      </div>
    </div>
  );
}
