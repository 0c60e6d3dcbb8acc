import { z } from 'zod';
import { JOIN_CODE_PATTERN, OBJECT_ID_PATTERN, normaliseJoinCode } from './rooms.js';

/**
 * The room-id field, defined once for every contract that carries one: the HTTP path parameters,
 * the socket payloads, and the web's reading of room links and typed codes. A room id is 24
 * hexadecimal characters that the server makes in lower case and compares as written, so an id is
 * trimmed and lower-cased here as it is read, and nothing downstream lower-cases one by hand. An
 * id in capitals (a link typed out, or pasted into the join-code field, which upper-cases what it
 * is given) still names its room.
 */

const ROOM_ID_INVALID = 'roomId must be a room id';

/** A room id as every contract reads it: surrounding spaces dropped, lower case. */
export function normaliseRoomId(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * A room id in a payload or a query, normalised, and refused with `message` unless it is 24
 * hexadecimal characters. The trim and the lower-casing are Zod's in-place string steps, so the
 * field stays a string schema (the OpenAPI document shows it as one).
 */
export function roomIdField(message: string = ROOM_ID_INVALID) {
  return z.string({ error: message }).trim().toLowerCase().regex(OBJECT_ID_PATTERN, message);
}

/** `roomId` in a socket payload: 'roomId must be a room id' unless it is one. */
export const RoomIdSchema = roomIdField();

/**
 * A room id in a path, normalised the same way. Nothing is refused here: a malformed or unknown id
 * answers the room's 404 from its module, after the body's own checks, as it always has.
 */
export const RoomIdParamSchema = z
  .string()
  .trim()
  .toLowerCase()
  .meta({ description: 'The room id (24 hexadecimal characters); anything else answers 404.' });

/** What a room link's parameter names: a room id, a join code or a slug, each normalised. */
export type RoomKey = { id: string } | { code: string } | { slug: string };

/** Slugs are lower-case letters, digits and hyphens, always with a hyphen (rooms.service.ts). */
const SLUG_PATTERN = /^(?=.*-)[a-z0-9-]{1,80}$/;

/**
 * Reads the `:idOrCode` of a room link the way the server looks it up: an id first, then a join
 * code (trimmed, inner spaces dropped, upper case), then a slug. The three shapes never overlap: an
 * id is 24 characters without a hyphen, a code at most 12, a slug always has one. Null when the
 * text can name no room.
 */
export function readRoomKey(text: string): RoomKey | null {
  const id = RoomIdSchema.safeParse(text);
  if (id.success) return { id: id.data };
  const code = normaliseJoinCode(text);
  if (JOIN_CODE_PATTERN.test(code)) return { code };
  const slug = normaliseRoomId(text);
  return SLUG_PATTERN.test(slug) ? { slug } : null;
}

/** Whether a room link's parameter (id, code or slug, in any case) names `room`. */
export function linkNamesRoom(
  room: { id?: string; _id?: string; code?: string; slug?: string },
  param: string,
): boolean {
  const key = readRoomKey(param);
  if (!key) return false;
  if ('id' in key) return key.id === room.id || key.id === room._id;
  if ('code' in key) return key.code === room.code;
  return key.slug === room.slug;
}
