import { describe, expect, it } from 'vitest';
import { WHITEBOARD_LIMITS, type WhiteboardElement } from '@studycircle/shared/whiteboard';
import { chunkUpdates, isShareable, UPDATE_MAX_BYTES } from './board-sync';
import { statusLabel } from './board-status';
import { exportFileName } from './download';
import { patchExcalidrawA11y } from './excalidraw-a11y';
import { filesFor, parseUnicodeRange } from './svg-fonts';

const element = (id: string, extra: Record<string, unknown> = {}): WhiteboardElement => ({
  id,
  type: 'rectangle',
  version: 1,
  versionNonce: 1,
  isDeleted: false,
  ...extra,
});

describe('updates the board sends', () => {
  it('fit the server’s caps: at most 200 elements and a socket frame each', () => {
    const many = Array.from({ length: 450 }, (_, i) => element(`e${i}`));
    const { chunks, tooLarge } = chunkUpdates(many);
    expect(tooLarge).toEqual([]);
    expect(chunks.map((c) => c.length)).toEqual([200, 200, 50]);

    const heavy = Array.from({ length: 6 }, (_, i) => element(`h${i}`, { text: 'é'.repeat(9000) }));
    const split = chunkUpdates(heavy);
    for (const chunk of split.chunks) {
      expect(new TextEncoder().encode(JSON.stringify(chunk)).length).toBeLessThanOrEqual(
        UPDATE_MAX_BYTES,
      );
      expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(WHITEBOARD_LIMITS.updateMaxChars);
    }
    expect(split.chunks.flat()).toHaveLength(6);
  });

  it('keep an element too large to share back, to say so', () => {
    const huge = element('big', { text: 'x'.repeat(WHITEBOARD_LIMITS.elementMaxChars) });
    const { chunks, tooLarge } = chunkUpdates([element('a'), huge, element('b')]);
    expect(tooLarge).toEqual([huge]);
    expect(chunks).toEqual([[element('a'), element('b')]]);
  });

  it('carry drawings only: images and embeds stay on this screen', () => {
    expect(isShareable({ type: 'freedraw' })).toBe(true);
    expect(isShareable({ type: 'image' })).toBe(false);
    expect(isShareable({ type: 'embeddable' })).toBe(false);
  });
});

describe('the board’s bar', () => {
  it('says the save state in words', () => {
    expect(statusLabel('saved')).toBe('Saved');
    expect(statusLabel('offline')).toMatch(/^Offline/);
  });

  it('names exported files after the room', () => {
    expect(exportFileName('Calculus Crew: Week 3!', 'png')).toBe(
      'calculus-crew-week-3-whiteboard.png',
    );
    expect(exportFileName(undefined, 'svg')).toBe('whiteboard.svg');
    expect(exportFileName('Ünïcode ☕', 'svg')).toBe('unicode-whiteboard.svg');
  });
});

describe('fonts embedded in an exported SVG', () => {
  const fonts = [
    { file: 'Excalifont/Latin.woff2', unicodeRange: 'U+20-7e,U+a1-a6' },
    { file: 'Excalifont/Cyrillic.woff2', unicodeRange: 'U+0400-045F' },
    { file: 'Virgil/Virgil-Regular.woff2' },
    { file: 'Xiaolai/One.woff2', unicodeRange: 'U+4e00-4e0f' },
  ];

  it('reads unicode ranges, single code points and wildcards', () => {
    expect(parseUnicodeRange('U+20-7e, U+a1, U+4??')).toEqual([
      [0x20, 0x7e],
      [0xa1, 0xa1],
      [0x400, 0x4ff],
    ]);
  });

  it('are only the files of the text’s family that hold its characters', () => {
    const cps = (s: string) => new Set([...s].map((c) => c.codePointAt(0)!));
    expect(filesFor('Excalifont', cps('Hello'), fonts).map((f) => f.file)).toEqual([
      'Excalifont/Latin.woff2',
    ]);
    expect(filesFor('Excalifont', cps('Привет'), fonts).map((f) => f.file)).toEqual([
      'Excalifont/Cyrillic.woff2',
    ]);
    expect(filesFor('Virgil', cps('a'), fonts)).toHaveLength(1);
    expect(filesFor('Segoe UI Emoji', cps('a'), fonts)).toEqual([]);
    expect(filesFor('Xiaolai', cps('Hello'), fonts)).toEqual([]);
  });
});

describe('patchExcalidrawA11y', () => {
  it('names the reset-zoom button with the zoom it shows, and follows the zoom', async () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<button class="reset-zoom-button" aria-label="Reset zoom" title="Reset zoom">100%</button>';
    document.body.append(root);
    const stop = patchExcalidrawA11y(root);
    const button = root.querySelector('button')!;
    expect(button).toHaveAccessibleName('Reset zoom, 100%');
    button.firstChild!.textContent = '120%';
    await Promise.resolve();
    await Promise.resolve();
    expect(button).toHaveAccessibleName('Reset zoom, 120%');
    stop();
    root.remove();
  });
});
