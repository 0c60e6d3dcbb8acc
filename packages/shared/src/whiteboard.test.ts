import { describe, expect, it } from 'vitest';
import {
  WHITEBOARD_LIMITS,
  WhiteboardPointerPayloadSchema,
  WhiteboardUpdatePayloadSchema,
  readableWhiteboardElements,
  whiteboardElementWins,
  withSafeLink,
} from './whiteboard.js';

const roomId = 'a'.repeat(24);
const element = (over: Record<string, unknown> = {}) => ({
  id: 'abc_DEF-123',
  type: 'rectangle',
  version: 1,
  versionNonce: 7,
  isDeleted: false,
  x: 0,
  y: 0,
  ...over,
});

describe('the whiteboard merge rule', () => {
  it('keeps the higher version, then the lower nonce, and is the same whichever copy comes first', () => {
    const copies = [
      { version: 2, versionNonce: 50 },
      { version: 2, versionNonce: 10 },
      { version: 1, versionNonce: 0 },
      { version: 3, versionNonce: 99 },
      { version: 3, versionNonce: 98 },
    ];
    const merge = (order: typeof copies) =>
      order.reduce<(typeof copies)[number] | undefined>(
        (kept, c) => (whiteboardElementWins(c, kept) ? c : kept),
        undefined,
      );
    const expected = { version: 3, versionNonce: 98 };
    expect(merge(copies)).toEqual(expected);
    expect(merge([...copies].reverse())).toEqual(expected);
    expect(merge([copies[4]!, copies[0]!, copies[3]!, copies[2]!, copies[1]!])).toEqual(expected);
    // The same copy again changes nothing.
    expect(whiteboardElementWins(expected, expected)).toBe(false);
  });
});

describe('whiteboard payloads', () => {
  it('accepts Excalidraw elements and keeps their own fields', () => {
    const parsed = WhiteboardUpdatePayloadSchema.parse({
      roomId,
      elements: [
        element({
          type: 'line',
          points: [
            [0, 0],
            [1, 2],
          ],
          strokeColor: '#000',
        }),
      ],
    });
    expect(parsed.elements[0]).toMatchObject({
      points: [
        [0, 0],
        [1, 2],
      ],
      strokeColor: '#000',
    });
  });

  it('keeps http(s) links on shapes and drops every other kind', () => {
    const links = {
      'https://example.com/notes': 'https://example.com/notes',
      'http://intranet.example/a': 'http://intranet.example/a',
      'file:///etc/passwd': null,
      'smb://share/x': null,
      'javascript:alert(1)': null,
      'not a link': null,
    };
    for (const [link, kept] of Object.entries(links)) {
      const parsed = WhiteboardUpdatePayloadSchema.parse({ roomId, elements: [element({ link })] });
      expect(parsed.elements[0]!['link'], link).toBe(kept);
    }
    const none = WhiteboardUpdatePayloadSchema.parse({ roomId, elements: [element()] });
    expect(none.elements[0]).not.toHaveProperty('link');
    expect(withSafeLink({ id: 'x', link: 'ftp://a' })).toEqual({ id: 'x', link: null });
  });

  it('refuses images, embeds, bad stamps and oversized updates', () => {
    const bad = [
      [element({ type: 'image' })],
      [element({ type: 'iframe' })],
      [element({ version: 0 })],
      [element({ versionNonce: 1.5 })],
      [element({ isDeleted: 'no' })],
      [element({ id: '' })],
      [element({ text: 'x'.repeat(WHITEBOARD_LIMITS.elementMaxChars) })],
      Array.from({ length: 10 }, (_, i) =>
        element({ id: `e${i}`, type: 'text', text: 'y'.repeat(8000) }),
      ),
      Array.from({ length: WHITEBOARD_LIMITS.updateMaxElements + 1 }, (_, i) =>
        element({ id: `e${i}` }),
      ),
    ];
    for (const elements of bad) {
      expect(WhiteboardUpdatePayloadSchema.safeParse({ roomId, elements }).success).toBe(false);
    }
  });

  it('reads a board element by element: an unreadable one is dropped, never the rest', () => {
    const good = element({ id: 'good' });
    const stroke = element({
      id: 'stroke',
      type: 'freedraw',
      points: [
        [0, 0],
        [3, 4],
      ],
    });
    const { elements, dropped } = readableWhiteboardElements([
      good,
      element({ id: 'bad-points', type: 'freedraw', points: 'abc' }),
      element({ id: 'nan', type: 'line', points: [[0, Number.NaN]] }),
      element({ id: 'legacy', type: 'text', text: 'hi', font: 123, boundElementIds: 'abc' }),
      null,
      stroke,
    ]);
    expect(dropped).toBe(3);
    expect(elements.map((e) => e.id)).toEqual(['good', 'legacy', 'stroke']);
    // Fields Excalidraw would misread are dropped; a stroke gets the pressure fields it draws with.
    expect(elements[1]).not.toHaveProperty('font');
    expect(elements[1]).not.toHaveProperty('boundElementIds');
    expect(elements[2]).toMatchObject({ pressures: [], simulatePressure: true });
  });

  it('bounds pointer coordinates', () => {
    expect(
      WhiteboardPointerPayloadSchema.parse({ roomId, x: 1, y: 2, button: 'down' }),
    ).toMatchObject({ tool: 'pointer' });
    for (const x of [Number.NaN, Number.POSITIVE_INFINITY, 1e9]) {
      expect(
        WhiteboardPointerPayloadSchema.safeParse({ roomId, x, y: 0, button: 'up' }).success,
      ).toBe(false);
    }
  });
});
