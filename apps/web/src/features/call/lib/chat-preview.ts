/**
 * The in-call chat preview: a message
 * that arrives while the chat panel is closed shows as one short toast, "Name: text", the text cut
 * to PREVIEW_CHARS characters (whole characters: an emoji is never split) with its lines joined.
 */
export const PREVIEW_CHARS = 80;

export function chatPreview(name: string, text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  // Code points, not UTF-16 units, so a cut never leaves half of a surrogate pair.
  const chars = Array.from(flat);
  const shown =
    chars.length > PREVIEW_CHARS ? `${chars.slice(0, PREVIEW_CHARS).join('').trimEnd()}…` : flat;
  return `${name.trim() || 'Someone'}: ${shown}`;
}

/** The Chat button's accessible name: "Chat", or "Chat, 3 unread". */
export function chatButtonLabel(unread: number): string {
  return unread > 0 ? `Chat, ${unread} unread` : 'Chat';
}
