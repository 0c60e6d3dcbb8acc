import { describe, expect, it } from 'vitest';
import {
  LOCAL_SCREEN_ID,
  LOCAL_TILE_ID,
  screenTileId,
  stageTiles,
  fit16by9,
  focusedTile,
  formatElapsed,
  gridColumns,
  gridTileWidth,
  gridTracks,
  lastRowShift,
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

describe('gridTileWidth: tiles fill the stage at 16:9', () => {
  // The stage at 1280x800 with the chat open (about 872 by 660 once header and bar are off).
  const stage = { width: 872, height: 660, gap: 12 };

  it('gives a 2-column grid tiles as wide as a column when the height allows', () => {
    expect(gridTileWidth({ ...stage, columns: 2, tiles: 1 })).toBe(430);
    expect(gridTileWidth({ ...stage, columns: 2, tiles: 3 })).toBe(430);
  });

  it('narrows the tiles when the rows would be taller than the stage', () => {
    // Four columns, two rows in a short stage: each row is 124 px high, so 220 px wide.
    expect(gridTileWidth({ width: 1200, height: 260, columns: 4, tiles: 7, gap: 12 })).toBe(220);
    // One column on a phone, two people stacked.
    expect(gridTileWidth({ width: 366, height: 500, columns: 1, tiles: 2, gap: 12 })).toBe(366);
  });

  it('fits 16:9 boxes', () => {
    expect(fit16by9(1600, 450)).toBe(800);
    expect(fit16by9(320, 900)).toBe(320);
    expect(fit16by9(-5, 10)).toBe(0);
  });
});

describe('gridTracks: the columns stay, a lone tile spans them', () => {
  const stage = { width: 872, height: 660, gap: 12 };

  it('lets the one other person of a 2-person call fill the stage at 16:9 across both columns', () => {
    // 872 wide fits (872 x 490 is under 660 high): two 430 px tracks and the gap between.
    expect(gridTracks({ ...stage, columns: 2, tiles: 1 })).toEqual({ trackWidth: 430, span: 2 });
    // A short stage: the height decides (400 high is 711 wide), the tracks share it.
    expect(gridTracks({ width: 1256, height: 400, columns: 2, tiles: 1, gap: 12 })).toEqual({
      trackWidth: 349,
      span: 2,
    });
  });

  it('gives every tile one column once there are two or more', () => {
    expect(gridTracks({ ...stage, columns: 2, tiles: 2 })).toEqual({ trackWidth: 430, span: 1 });
    expect(gridTracks({ ...stage, columns: 2, tiles: 3 })).toEqual({ trackWidth: 430, span: 1 });
    // One column (a phone, or one person) never spans.
    expect(gridTracks({ ...stage, columns: 1, tiles: 1 })).toEqual({ trackWidth: 872, span: 1 });
  });
});

describe('lastRowShift', () => {
  it('moves an incomplete last row to the middle and leaves full rows alone', () => {
    expect(lastRowShift(0, 1, 2, 430, 12)).toBe(221);
    expect([0, 1, 2].map((i) => lastRowShift(i, 3, 2, 100, 10))).toEqual([0, 0, 55]);
    expect([0, 1].map((i) => lastRowShift(i, 2, 2, 100, 10))).toEqual([0, 0]);
  });
});

describe('focusedTile', () => {
  const remotes = [
    { peerId: 'a', sharing: false },
    { peerId: 'b', sharing: true },
  ];

  it("shows a shared screen large, someone else's before this side's own", () => {
    expect(focusedTile({ pinned: null, remotes, localSharing: true })).toBe(screenTileId('b'));
    expect(focusedTile({ pinned: null, remotes: [], localSharing: true })).toBe(LOCAL_SCREEN_ID);
    expect(focusedTile({ pinned: null, remotes: [remotes[0]!], localSharing: false })).toBeNull();
  });

  it('puts a pinned tile first, and forgets a pin whose person left', () => {
    expect(focusedTile({ pinned: 'a', remotes, localSharing: false })).toBe('a');
    expect(focusedTile({ pinned: LOCAL_TILE_ID, remotes, localSharing: false })).toBe(
      LOCAL_TILE_ID,
    );
    expect(focusedTile({ pinned: 'gone', remotes, localSharing: false })).toBe(screenTileId('b'));
    // A pinned screen that stopped being shared is forgotten too.
    expect(focusedTile({ pinned: LOCAL_SCREEN_ID, remotes, localSharing: false })).toBe(
      screenTileId('b'),
    );
    expect(focusedTile({ pinned: 'b', remotes, localSharing: false })).toBe('b');
  });

  it("keeps the presenter's camera on the stage beside their screen", () => {
    expect(stageTiles({ remotes, localSharing: true })).toEqual([
      'a',
      'b',
      screenTileId('b'),
      LOCAL_TILE_ID,
      LOCAL_SCREEN_ID,
    ]);
    expect(stageTiles({ remotes: [remotes[0]!], localSharing: false })).toEqual([
      'a',
      LOCAL_TILE_ID,
    ]);
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

  it('leaves keys alone inside a tool that takes them itself (the whiteboard)', () => {
    const board = document.createElement('div');
    board.dataset.ownKeys = '';
    const canvas = document.createElement('canvas');
    board.append(canvas);
    for (const k of ['d', 'l', 's', 'm']) expect(key(k, {}, canvas)).toBeNull();
    expect(key('d', {}, board)).toBeNull();
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
  it('with Shift+Alt chosen, answers only Shift+Alt and the physical key (a Mac types µ for M)', () => {
    const alt = (k: string, code: string, extra: Partial<KeyboardEvent> = {}, target = body) =>
      shortcutFor({ key: k, code, target, ...extra }, 'alt');
    expect(alt('h', 'KeyH')).toBeNull();
    expect(alt('l', 'KeyL')).toBeNull();
    expect(alt('L', 'KeyL', { shiftKey: true })).toBeNull();
    expect(alt('l', 'KeyL', { altKey: true })).toBeNull();
    expect(alt('L', 'KeyL', { altKey: true, shiftKey: true })).toBe('leave');
    expect(alt('Â', 'KeyM', { altKey: true, shiftKey: true })).toBe('mic');
    expect(alt('H', 'KeyH', { altKey: true, shiftKey: true, ctrlKey: true })).toBeNull();
    expect(alt('X', 'KeyX', { altKey: true, shiftKey: true })).toBeNull();
    expect(alt('1', 'Digit1', { altKey: true, shiftKey: true })).toBeNull();
    const input = document.createElement('input');
    expect(alt('M', 'KeyM', { altKey: true, shiftKey: true }, input)).toBeNull();
  });

  it('with shortcuts off, answers nothing', () => {
    for (const k of ['m', 'c', 'd', 'h', 'l', 's'])
      expect(
        shortcutFor({ key: k, code: `Key${k.toUpperCase()}`, target: body }, 'off'),
      ).toBeNull();
    expect(
      shortcutFor({ key: 'L', code: 'KeyL', altKey: true, shiftKey: true, target: body }, 'off'),
    ).toBeNull();
  });
});
