import { cn } from '../../../ui/cn';

/**
 * The player's two looks: on the room page (light, inverted by the dark theme like the rest of the
 * page) and in the call's side panel, which is dark in both themes (decision 0014).
 */
export type WatchTone = 'light' | 'dark';

export function toneClasses(tone: WatchTone) {
  const dark = tone === 'dark';
  return {
    text: dark ? 'text-slate-100' : 'text-slate-900',
    muted: dark ? 'text-slate-300' : 'text-slate-600',
    label: dark ? 'text-slate-200' : 'text-slate-700',
    input: cn(
      'block w-full min-w-0 rounded-lg border px-3 py-2 text-sm focus:outline-none focus:ring-2',
      dark
        ? 'border-slate-600 bg-slate-800 text-white placeholder:text-slate-400 focus:ring-sky-400'
        : 'border-slate-300 bg-white text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:ring-brand-200',
      'aria-[invalid=true]:border-red-500',
    ),
    error: dark ? 'text-red-300' : 'text-red-700',
    control: cn(
      'inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium',
      'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
      dark
        ? 'bg-slate-800 text-white hover:bg-slate-700 focus-visible:outline-white'
        : 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-600',
    ),
    primary: cn(
      'inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium',
      'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
      dark
        ? 'bg-sky-500 text-slate-950 hover:bg-sky-400 focus-visible:outline-white'
        : 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
    ),
    select: cn(
      'h-9 rounded-lg border px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2',
      dark
        ? 'border-slate-600 bg-slate-800 text-white focus-visible:outline-white'
        : 'border-slate-300 bg-white text-slate-900 focus-visible:outline-brand-600',
    ),
    notice: dark
      ? 'border-sky-700 bg-slate-800 text-slate-100'
      : 'border-brand-200 bg-brand-50 text-brand-900',
    problem: dark
      ? 'border-red-700 bg-red-950 text-red-100'
      : 'border-red-200 bg-red-50 text-red-800',
    range: dark ? 'accent-sky-400' : 'accent-brand-600',
  };
}
