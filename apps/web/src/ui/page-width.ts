import { cn } from './cn';

/**
 * The signed-in pages' one width scale, so moving from page to page does not jump the content
 * sideways: collections (dashboard, rooms, notes, resources) use the full `wide` measure, a single
 * thing (a room, a profile) `medium`, and forms and single lists (settings, tasks) `narrow`.
 * Tailwind's 7xl, 5xl and 3xl (1280, 1024 and 768 px), padded the same way on every page.
 */
export const PAGE_WIDTHS = {
  wide: 'max-w-7xl',
  medium: 'max-w-5xl',
  narrow: 'max-w-3xl',
} as const;

export type PageWidth = keyof typeof PAGE_WIDTHS;

/** The classes of a signed-in page's outer box at `width`. */
export function pageClasses(width: PageWidth, className?: string): string {
  return cn('mx-auto w-full px-4 py-8 sm:px-6 lg:px-8', PAGE_WIDTHS[width], className);
}
