import { cn } from '../../../ui/cn';

/**
 * The few colours that differ between the room page (a light card) and the call's side panel
 * (dark in both themes, like the rest of the call). Everything else is shared.
 */
export type FocusTone = 'light' | 'dark';

export const TONE = {
  light: {
    text: 'text-slate-900',
    muted: 'text-slate-600',
    border: 'border-slate-200',
    surface: 'bg-slate-50',
    track: 'bg-slate-200',
    link: 'text-brand-700',
    focusRing: 'focus-visible:outline-brand-600',
  },
  dark: {
    text: 'text-slate-100',
    muted: 'text-slate-300',
    border: 'border-slate-700',
    surface: 'bg-slate-800',
    track: 'bg-slate-700',
    link: 'text-brand-300',
    focusRing: 'focus-visible:outline-white',
  },
} as const;

/** A small text button (the sound and notification switches). */
export function quietButton(tone: FocusTone): string {
  return cn(
    'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium underline-offset-2 hover:underline focus-visible:outline-2',
    TONE[tone].link,
    TONE[tone].focusRing,
  );
}
