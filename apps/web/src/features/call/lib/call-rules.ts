import type { CallShortcutMode } from '../../../lib/call-shortcuts';

/**
 * The call screen's pure rules (docs/product.md §7.3, §7.4, §7.7): grid columns, the participant
 * count's wording, the elapsed-time clock and the keyboard shortcuts. Kept free of React and WebRTC
 * so they are unit-tested on their own.
 */

/** docs/product.md §7.4: 1 column for one participant or fewer, 2 for 2-4, 3 for 5-6, 4 for 7+. */
export function gridColumns(participants: number): 1 | 2 | 3 | 4 {
  if (participants <= 1) return 1;
  if (participants <= 4) return 2;
  if (participants <= 6) return 3;
  return 4;
}

/** Space between tiles, in CSS pixels (the grid's and the strip's gap). */
export const TILE_GAP = 12;

/** The width of the largest 16:9 box that fits `width` by `height`. */
export function fit16by9(width: number, height: number): number {
  return Math.max(0, Math.floor(Math.min(width, (height * 16) / 9)));
}

/**
 * The grid's tile width: as wide as a column allows, unless the rows would then be taller than the
 * stage, so the tiles fill the stage both ways at 16:9 instead of huddling in a corner
 * (docs/product.md §7.4 still decides the columns).
 */
export function gridTileWidth(stage: {
  width: number;
  height: number;
  columns: number;
  tiles: number;
  gap?: number;
}): number {
  const { width, height, columns, tiles, gap = TILE_GAP } = stage;
  const rows = Math.max(1, Math.ceil(tiles / columns));
  const byWidth = (width - gap * (columns - 1)) / columns;
  const byHeight = (height - gap * (rows - 1)) / rows;
  return fit16by9(byWidth, byHeight);
}

/**
 * The grid's column tracks and how many of them each tile spans. The columns stay §7.4's; a lone
 * tile (two people: the other one, with this side's own tile floating) spans them all and is as
 * large as the stage allows at 16:9, as a call app shows the one other person, instead of
 * keeping half the stage empty beside it (docs/decisions/0026-a-lone-tile-spans-the-grid.md).
 */
export function gridTracks(stage: {
  width: number;
  height: number;
  columns: number;
  tiles: number;
  gap?: number;
}): { trackWidth: number; span: number } {
  const { columns, tiles, gap = TILE_GAP } = stage;
  if (tiles !== 1 || columns === 1) return { trackWidth: gridTileWidth(stage), span: 1 };
  const tile = fit16by9(stage.width, stage.height);
  return {
    trackWidth: Math.max(0, Math.floor((tile - gap * (columns - 1)) / columns)),
    span: columns,
  };
}

/**
 * How far to move a tile of an incomplete last row so that row sits in the middle, as the full
 * rows do (0 for every other tile).
 */
export function lastRowShift(
  index: number,
  tiles: number,
  columns: number,
  tileWidth: number,
  gap = TILE_GAP,
): number {
  const inLastRow = tiles % columns;
  if (inLastRow === 0 || index < tiles - inLastRow) return 0;
  return ((columns - inLastRow) * (tileWidth + gap)) / 2;
}

/** The id the local tile goes by when pinned. */
export const LOCAL_TILE_ID = 'local';
/** The id of this side's own shared screen, a tile of its own beside the camera. */
export const LOCAL_SCREEN_ID = 'local-screen';
/** The id of a remote person's shared screen (their camera's tile goes by their peer id). */
export const screenTileId = (peerId: string) => `screen:${peerId}`;

interface StageState {
  pinned: string | null;
  remotes: readonly { peerId: string; sharing: boolean }[];
  localSharing: boolean;
}

/**
 * Every tile on the stage, in order: the others' cameras, then their shared screens, then this
 * side's camera and screen. A screen is a tile of its own, so the presenter's camera stays in view
 * beside it (docs/decisions/0079-presenter-beside-share.md).
 */
export function stageTiles({ remotes, localSharing }: Omit<StageState, 'pinned'>): string[] {
  return [
    ...remotes.map((r) => r.peerId),
    ...remotes.filter((r) => r.sharing).map((r) => screenTileId(r.peerId)),
    LOCAL_TILE_ID,
    ...(localSharing ? [LOCAL_SCREEN_ID] : []),
  ];
}

/**
 * Which tile takes the large view, if any: the pinned one while it is still there, else a shared
 * screen (someone else's first, then this side's own), else none and the grid shows everyone.
 */
export function focusedTile(state: StageState): string | null {
  const { pinned, remotes, localSharing } = state;
  if (pinned && stageTiles(state).includes(pinned)) return pinned;
  const sharing = remotes.find((r) => r.sharing);
  if (sharing) return screenTileId(sharing.peerId);
  return localSharing ? LOCAL_SCREEN_ID : null;
}

/** "1 participant", "3 participants". */
export function participantCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'participant' : 'participants'}`;
}

/** Elapsed time as hh:mm:ss; hours keep counting past 99 rather than wrapping. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** docs/product.md §7.4: the preview is highlighted when the mic level is above 0.2. */
export const SPEAKING_THRESHOLD = 0.2;
export const isSpeaking = (level: number) => level > SPEAKING_THRESHOLD;

/** docs/product.md §7.6: the chat panel opens by default at a window width of 1024 px or more. */
export const CHAT_OPEN_MIN_WIDTH = 1024;

export type CallShortcut = 'mic' | 'camera' | 'chat' | 'hand' | 'leave' | 'share';

const SHORTCUTS: Record<string, CallShortcut> = {
  m: 'mic',
  c: 'camera',
  d: 'chat',
  h: 'hand',
  l: 'leave',
  s: 'share',
};

/** The part of a KeyboardEvent the shortcut rule reads (a plain object in tests). */
export interface ShortcutKeyEvent {
  key: string;
  /** The physical key ('KeyM'): with Option held a Mac types 'µ' for M, so the key is read here. */
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
  repeat?: boolean;
  target: EventTarget | null;
}

/** True when the event comes from somewhere a person types: shortcuts must leave it alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') {
    // Buttons dressed as inputs take no text; every other input type does.
    const type = (element as HTMLInputElement).type;
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color'].includes(type);
  }
  return element.isContentEditable === true;
}

/**
 * True inside a part of the page that takes single keys itself, marked `data-own-keys` (the
 * whiteboard: D, L and S are its tools there, not the chat, leaving and sharing).
 */
export function isOwnKeysTarget(target: EventTarget | null): boolean {
  const closest = (target as Element | null)?.closest;
  return typeof closest === 'function' && (target as Element).closest('[data-own-keys]') !== null;
}

/** The letter of a physical key ('KeyM' -> 'm'), or null for any other key. */
function letterOf(code: string | undefined): string | null {
  const match = /^Key([A-Z])$/.exec(code ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Which call action a key press asks for, if any, in the mode chosen in Settings
 * (lib/call-shortcuts.ts): the single letters, the letters with Shift+Alt held, or none. Always
 * ignored while typing in a field or in a tool with keys of its own, and on auto-repeat (a held
 * key must not flap the mic). Single letters also give way to any modifier (Ctrl+C must still
 * copy); with Shift+Alt, Ctrl and Cmd must stay up so browser and system keys are left alone.
 */
export function shortcutFor(
  event: ShortcutKeyEvent,
  mode: CallShortcutMode = 'single',
): CallShortcut | null {
  if (mode === 'off' || event.ctrlKey || event.metaKey || event.repeat) return null;
  if (isTypingTarget(event.target) || isOwnKeysTarget(event.target)) return null;
  if (mode === 'alt') {
    if (!event.altKey || !event.shiftKey) return null;
    const letter = letterOf(event.code);
    return letter ? (SHORTCUTS[letter] ?? null) : null;
  }
  if (event.altKey) return null;
  return SHORTCUTS[event.key.toLowerCase()] ?? null;
}
