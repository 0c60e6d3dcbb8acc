import { normaliseRoomId } from '@studycircle/shared';
import { isRecord, readJson, removeKey, writeJson } from '../../../lib/storage';

/**
 * The only code that touches the `chatOutbox:{userId}` keys: this account's chat messages the
 * server has not acknowledged yet, kept so that closing the tab or reloading loses none
 * (docs/product.md §8.3). One key per account, every room in it, oldest first: the chat hook adds
 * a message before its first send and removes it on the server's answer, and the room's chat
 * sends what is left (with the same client id, so the server stores it once) when it is opened
 * again. The key names the account, so another person signed in on this browser never sends or
 * sees them; the session's end removes every such key (app/account-data.ts, decision 0010).
 */

export const CHAT_OUTBOX_PREFIX = 'chatOutbox:';

export interface StoredChatMessage {
  roomId: string;
  clientId: string;
  text: string;
  /** When it was written (ms since the epoch): its place in the list until the server's copy. */
  at: number;
}

const keyOf = (userId: string) => `${CHAT_OUTBOX_PREFIX}${userId}`;

function isStoredMessage(value: unknown): value is StoredChatMessage {
  return (
    isRecord(value) &&
    typeof value.roomId === 'string' &&
    value.roomId !== '' &&
    typeof value.clientId === 'string' &&
    value.clientId !== '' &&
    typeof value.text === 'string' &&
    value.text !== '' &&
    typeof value.at === 'number' &&
    Number.isFinite(value.at)
  );
}

/** Every unacknowledged message of this account; a corrupt entry is skipped (§15.2). */
function readAll(userId: string): StoredChatMessage[] {
  return readJson<unknown[]>(keyOf(userId), [], Array.isArray).filter(isStoredMessage);
}

function writeAll(userId: string, messages: readonly StoredChatMessage[]): void {
  if (messages.length === 0) removeKey(keyOf(userId));
  // A refused write (storage full) leaves the message in memory only, as before this store
  // existed: it is still sent while the page is open.
  else writeJson(keyOf(userId), messages);
}

/**
 * This account's unacknowledged messages in one room, oldest first. Stored ids are read as the
 * shared room-id field reads them, so one kept by an older page in another case still counts.
 */
export function readChatOutbox(userId: string, roomId: string): StoredChatMessage[] {
  const room = normaliseRoomId(roomId);
  return readAll(userId).filter((m) => normaliseRoomId(m.roomId) === room);
}

/** Keeps a message until the server answers for it (a second add of the same id is ignored). */
export function keepChatMessage(userId: string, message: StoredChatMessage): void {
  const all = readAll(userId);
  if (all.some((m) => m.clientId === message.clientId)) return;
  writeAll(userId, [...all, message]);
}

/** The server answered for this message (stored it, or refused it for good). */
export function forgetChatMessage(userId: string, clientId: string): void {
  const all = readAll(userId);
  const rest = all.filter((m) => m.clientId !== clientId);
  if (rest.length !== all.length) writeAll(userId, rest);
}

/** How many messages of this account would be lost if its outbox went now. */
export function countChatOutbox(userId: string): number {
  return readAll(userId).length;
}

/**
 * Removes every account's outbox: the session ended (Sign Out, a refused token), and nothing of
 * an account stays for the next person at this computer (decision 0010).
 */
export function forgetChatOutboxes(): void {
  let storage: Storage;
  try {
    storage = window.localStorage;
  } catch {
    return;
  }
  const keys: string[] = [];
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(CHAT_OUTBOX_PREFIX)) keys.push(key);
    }
  } catch {
    return;
  }
  for (const key of keys) removeKey(key);
}
