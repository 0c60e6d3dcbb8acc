import type { HTMLAttributes } from 'react';
import { cn } from './cn';

const TONES = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
  orange: 'bg-orange-50 text-orange-800 ring-orange-200',
  // Yellow only reads yellow as a background (yellow text dark enough to read is brown), and the
  // dark theme turns palette shades into browns (decision 0014), so these are literal colours,
  // the same in both themes: Tailwind's yellow-200 fill, yellow-400 ring, yellow-950 text
  // (about 13:1 contrast).
  yellow: 'bg-[#fef08a] text-[#422006] ring-[#facc15]',
} as const;

export type BadgeTone = keyof typeof TONES;

/**
 * A small label. The text carries the meaning; the tone only reinforces it, so colour is never the
 * only signal.
 */
export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...rest}
    />
  );
}
