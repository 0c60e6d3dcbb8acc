/**
 * A rule list is an ordered set of checks; the first failing one names the message to show. The
 * product fixes that order per form (docs/product.md §16.1), so forms and the server both go
 * through here.
 */
export type Rule<T> = readonly [failed: (value: T) => boolean, message: string];

/** Returns the message of the first rule that fails, or null when every rule holds. */
export function firstFailure<T>(rules: readonly Rule<T>[], value: T): string | null {
  for (const [failed, message] of rules) {
    if (failed(value)) return message;
  }
  return null;
}

/**
 * "{something}@{something}.{something}" with no spaces, as the email rule of docs/product.md §3.2
 * reads.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/**
 * Characters as a person sees them (grapheme clusters): "é" typed as e + accent, a flag or a
 * family emoji each count once, where `string.length` would count 2 to 11 UTF-16 units.
 */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of graphemes().segment(value)) count++;
  return count;
}

let segmenter: Intl.Segmenter | undefined;
const graphemes = () => (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
