import { cn } from './cn';

/** A decorative spinner; pair it with visible or screen-reader text that says what is loading. */
export function Spinner({
  size = 'md',
  className,
}: {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const px = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' }[size];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        px,
        className,
      )}
    />
  );
}

/** A centred spinner with a label announced to assistive technology. */
export function LoadingBlock({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-40 flex-col items-center justify-center gap-3 text-brand-600"
    >
      <Spinner size="lg" />
      <span className="text-sm text-slate-600">{label}</span>
    </div>
  );
}
