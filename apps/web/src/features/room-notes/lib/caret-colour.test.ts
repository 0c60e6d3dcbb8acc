import { describe, expect, it } from 'vitest';
import { CARET_COLOURS, caretColour } from './caret-colour';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('caretColour', () => {
  it('gives one account the same colour every time, from the palette', () => {
    const id = '65f0c0ffee0000000000abcd';
    expect(caretColour(id)).toBe(caretColour(id));
    expect(CARET_COLOURS).toContain(caretColour(id));
  });

  it('spreads accounts over the palette', () => {
    const seen = new Set(Array.from({ length: 60 }, (_, i) => caretColour(`user-${i}`)));
    expect(seen.size).toBeGreaterThan(5);
  });

  it('keeps white label text readable (4.5:1) on every colour', () => {
    for (const colour of CARET_COLOURS) {
      expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
