/**
 * Each editor's caret colour, the same for one account everywhere. Tailwind's 700 shades, written
 * out (a caret is an inline style, outside the dark theme's palette inversion): white label text
 * on each of them reads at 5:1 or better, and each shows as a line on light and dark pages alike.
 * The name on the caret, not its colour, says whose it is.
 */
export const CARET_COLOURS = [
  '#1d4ed8',
  '#b91c1c',
  '#15803d',
  '#6d28d9',
  '#c2410c',
  '#0f766e',
  '#be185d',
  '#0369a1',
  '#a21caf',
  '#b45309',
] as const;

/** The account's colour, from its id (a stable hash: the same on every device). */
export function caretColour(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash * 31 + userId.charCodeAt(i)) >>> 0;
  return CARET_COLOURS[hash % CARET_COLOURS.length]!;
}
