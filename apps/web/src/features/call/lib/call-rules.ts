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
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
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
 * Which call action a key press asks for, if any. Ignored while typing in a field, with a
 * modifier held (Ctrl+C must still copy) and on auto-repeat (a held key must not flap the mic).
 */
export function shortcutFor(event: ShortcutKeyEvent): CallShortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  if (isTypingTarget(event.target)) return null;
  return SHORTCUTS[event.key.toLowerCase()] ?? null;
}
