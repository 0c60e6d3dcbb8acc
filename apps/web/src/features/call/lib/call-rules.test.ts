import { describe, expect, it } from 'vitest';
import {
  formatElapsed,
  gridColumns,
  isSpeaking,
  participantCountLabel,
  shortcutFor,
} from './call-rules';

describe('gridColumns (docs/product.md §7.4)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 4],
    [8, 4],
    [12, 4],
  ])('%i participants -> %i columns', (participants, columns) => {
    expect(gridColumns(participants)).toBe(columns);
  });
});

describe('participantCountLabel', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(participantCountLabel(1)).toBe('1 participant');
    expect(participantCountLabel(0)).toBe('0 participants');
    expect(participantCountLabel(3)).toBe('3 participants');
  });
});

describe('formatElapsed', () => {
  it('formats hh:mm:ss with zero padding', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(999)).toBe('00:00:00');
    expect(formatElapsed(61_000)).toBe('00:01:01');
    expect(formatElapsed(3_600_000 + 59 * 60_000 + 59_000)).toBe('01:59:59');
  });
  it('keeps counting hours past a day and never goes negative', () => {
    expect(formatElapsed(100 * 3_600_000)).toBe('100:00:00');
    expect(formatElapsed(-5_000)).toBe('00:00:00');
  });
});

describe('isSpeaking', () => {
  it('is true only above 0.2', () => {
    expect(isSpeaking(0.2)).toBe(false);
    expect(isSpeaking(0.21)).toBe(true);
  });
});

describe('shortcutFor (docs/product.md §7.7)', () => {
  const body = document.body;
  const key = (k: string, extra: Partial<KeyboardEvent> = {}, target: EventTarget = body) =>
    shortcutFor({ key: k, target, ...extra });

  it('maps M C D H L S, in either case', () => {
    expect(key('m')).toBe('mic');
    expect(key('C')).toBe('camera');
    expect(key('d')).toBe('chat');
    expect(key('h')).toBe('hand');
    expect(key('l')).toBe('leave');
    expect(key('s')).toBe('share');
    expect(key('x')).toBeNull();
  });

  it('ignores keys typed into a field', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    for (const target of [input, textarea, select, editable])
      expect(key('m', {}, target)).toBeNull();
  });

  it('still works on buttons and checkboxes', () => {
    const button = document.createElement('button');
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(key('m', {}, button)).toBe('mic');
    expect(key('h', {}, checkbox)).toBe('hand');
  });

  it('leaves modified and repeated keys alone (Ctrl+C copies)', () => {
    expect(key('c', { ctrlKey: true })).toBeNull();
    expect(key('c', { metaKey: true })).toBeNull();
    expect(key('m', { altKey: true })).toBeNull();
    expect(key('m', { repeat: true })).toBeNull();
  });
});
