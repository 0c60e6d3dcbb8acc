import type { Room } from '@studycircle/shared';
import { isRecord, readJson, removeKey, writeJson } from '../../../lib/storage';

/**
 * The only code that touches the userRooms and publicRooms keys (docs/product.md §5.10). They are a
 * cache of what the server last returned, so the list (and the dashboard) can paint before the
 * network answers; the server stays the source of truth. A corrupt value, or a corrupt entry, reads
 * as absent.
 */

export const USER_ROOMS_KEY = 'userRooms';
export const PUBLIC_ROOMS_KEY = 'publicRooms';

/** The id a room answers to: `id`, else `_id` (docs/product.md §5.1). */
export function roomIdOf(room: { id?: string; _id?: string }): string {
  return room.id || room._id || '';
}

function isCachedRoom(value: unknown): value is Room {
  if (!isRecord(value)) return false;
  const id = value.id ?? value._id;
  return typeof id === 'string' && id !== '' && typeof value.name === 'string';
}

function readRooms(key: string): Room[] {
  const list = readJson<unknown[]>(key, [], Array.isArray);
  return list.filter(isCachedRoom);
}

/** Rooms the signed-in user belongs to, as last seen. */
export function readUserRooms(): Room[] {
  return readRooms(USER_ROOMS_KEY);
}

/** Public rooms the user does not belong to, as last seen. */
export function readPublicRooms(): Room[] {
  return readRooms(PUBLIC_ROOMS_KEY);
}

/** Every cached room, the user's first, without duplicates. */
export function readCachedRooms(): Room[] {
  const seen = new Set<string>();
  return [...readUserRooms(), ...readPublicRooms()].filter((room) => {
    const id = roomIdOf(room);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Replaces both keys with the server's list, split by membership. */
export function cacheRoomList(rooms: readonly Room[]): void {
  writeJson(
    USER_ROOMS_KEY,
    rooms.filter((room) => room.isMember),
  );
  writeJson(
    PUBLIC_ROOMS_KEY,
    rooms.filter((room) => !room.isMember && !room.isPrivate),
  );
}

/** Adds or replaces one room (after create, join, edit) in the key its membership belongs to. */
export function cacheRoom(room: Room): void {
  const id = roomIdOf(room);
  const others = (list: Room[]) => list.filter((r) => roomIdOf(r) !== id);
  const users = others(readUserRooms());
  const publics = others(readPublicRooms());
  if (room.isMember) users.unshift(room);
  else if (!room.isPrivate) publics.unshift(room);
  writeJson(USER_ROOMS_KEY, users);
  writeJson(PUBLIC_ROOMS_KEY, publics);
}

/** Removes a room from both keys (after delete or leave; docs/product.md §5.10). */
export function forgetRoom(roomId: string): void {
  writeJson(
    USER_ROOMS_KEY,
    readUserRooms().filter((r) => roomIdOf(r) !== roomId),
  );
  writeJson(
    PUBLIC_ROOMS_KEY,
    readPublicRooms().filter((r) => roomIdOf(r) !== roomId),
  );
}

/**
 * Forgets both lists. They belong to the signed-in account (private rooms' join codes among
 * them), so they go when the session ends; app/account-data.ts calls this.
 */
export function forgetRoomLists(): void {
  removeKey(USER_ROOMS_KEY);
  removeKey(PUBLIC_ROOMS_KEY);
}
