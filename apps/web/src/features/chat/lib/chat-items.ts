/**
 * A room's chat as the screen holds it: persisted messages from the history endpoint and the live
 * events, plus this user's own messages still on their way. Merging is by id (the server's, or
 * the client id a message was sent with), and the list stays in time order, so a message that
 * arrives both live and in a catch-up page shows once.
 */

export interface ChatItem {
  /** The server's id once stored; the client id until then. */
  id: string;
  clientId?: string;
  userId: string | null;
  name: string;
  text: string;
  at: number;
  /** Sent by this user (docs/product.md §8.1: the self flag is set locally). */
  self: boolean;
  /** Not yet acknowledged by the server. */
  pending: boolean;
}

export function mergeChatItems(
  current: readonly ChatItem[],
  incoming: readonly ChatItem[],
): readonly ChatItem[] {
  if (incoming.length === 0) return current;
  const list = [...current];
  let changed = false;
  for (const item of incoming) {
    const index = list.findIndex(
      (c) => c.id === item.id || (item.clientId !== undefined && c.clientId === item.clientId),
    );
    if (index === -1) {
      list.push(item);
      changed = true;
      continue;
    }
    const existing = list[index]!;
    // A stored copy is final: a second delivery (live and catch-up) changes nothing.
    if (!existing.pending) continue;
    list[index] = {
      ...existing,
      ...item,
      clientId: existing.clientId ?? item.clientId,
      self: existing.self || item.self,
    };
    changed = true;
  }
  if (!changed) return current;
  return list.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
