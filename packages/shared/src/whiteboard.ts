import { z } from 'zod';
import { RoomIdSchema } from './room-id.js';

/**
 * A room's whiteboard (docs/product.md §5.17): an Excalidraw scene every member draws on live, kept
 * on the server (docs/decisions/0031-room-whiteboard.md). The relay is the room's Socket.IO link:
 *
 * - `whiteboard-join` {roomId, after?}: a member's socket subscribes to the board and is answered
 *   with a page of the stored scene (`{elements, next}`; ask again with `after: next` until it is
 *   null). Pages keep each answer small: a full board does not fit one socket frame.
 * - `whiteboard-update` {roomId, elements}: changed elements only. The server keeps each element
 *   by the merge rule below, answers `{stale, refused}` (its own copy of every element that lost,
 *   so the sender converges too; new elements past the board's cap) and sends the winners to the
 *   other members (`whiteboard-update`).
 * - `whiteboard-pointer` {roomId, x, y, button, tool}: relayed to the other members with the
 *   sender's name, never stored; browsers send about 30 a second at most.
 * - `whiteboard-leave` {roomId}: stop receiving the board; the others get `whiteboard-peer-left`.
 *
 * Elements are Excalidraw's own objects. The server reads only what the merge rule needs (id,
 * type, version, versionNonce, isDeleted) and caps the size of the rest; the browser restores
 * each element with Excalidraw's own `restoreElements` before drawing it.
 */

export const WHITEBOARD_LIMITS = {
  /** Elements on one board that are not deleted; a stroke past it is refused. */
  boardMaxElements: 5000,
  /** Elements in one update (a paste of a large diagram is sent in several). */
  updateMaxElements: 200,
  /**
   * Characters of one element as JSON. A ten-second freehand stroke is about 600 points, ~20,000
   * characters; a socket frame holds 64 KB (plugins/socket.ts), so one element must fit well
   * inside it with the rest of its update.
   */
  elementMaxChars: 40_000,
  /** Characters of one update's elements as JSON: under the 64 KB socket frame, with room to spare. */
  updateMaxChars: 56_000,
  /** What one page of `whiteboard-join` answers at most (elements, and characters as JSON). */
  pageMaxElements: 1000,
  pageMaxChars: 256 * 1024,
  /** An element id: Excalidraw makes 21-character nanoids; pasted scenes may carry others. */
  idMax: 64,
  /**
   * Deleted elements are kept as tombstones (so a late, older copy cannot bring one back) for
   * this long, then dropped, as Excalidraw's own collaboration does.
   */
  tombstoneTtlMs: 24 * 60 * 60 * 1000,
  /** Pointer positions a browser sends at most per second (Excalidraw's own rate). */
  pointerPerSecond: 30,
} as const;

/**
 * The element types a board keeps. Images need their file bytes (not relayed), and embeds load
 * other sites' pages (the CSP forbids them, and a member must not make the others' browsers
 * fetch a URL): those types are refused.
 */
export const WHITEBOARD_ELEMENT_TYPES = [
  'rectangle',
  'diamond',
  'ellipse',
  'arrow',
  'line',
  'freedraw',
  'text',
  'frame',
] as const;
export type WhiteboardElementType = (typeof WHITEBOARD_ELEMENT_TYPES)[number];

export const WHITEBOARD_MESSAGES = {
  boardFull: `This whiteboard is full (${WHITEBOARD_LIMITS.boardMaxElements.toLocaleString('en-US')} shapes). Delete some to draw more.`,
  updateTooLarge: 'This change is too large to share. Try a smaller drawing.',
  elementInvalid: 'A shape on the whiteboard could not be read.',
  notOnBoard: 'Open the whiteboard first.',
  loadFailed: 'Could not load the whiteboard.',
  unsavedOnLeave: 'Your latest drawing has not reached the server yet.',
  unsavedOnClose:
    'Your latest drawing has not reached the server yet. Close the whiteboard and lose it?',
} as const;

const elementIdField = z
  .string({ error: WHITEBOARD_MESSAGES.elementInvalid })
  .min(1, WHITEBOARD_MESSAGES.elementInvalid)
  .max(WHITEBOARD_LIMITS.idMax, WHITEBOARD_MESSAGES.elementInvalid)
  .regex(/^[\w.:-]+$/, WHITEBOARD_MESSAGES.elementInvalid);

/** A shape's link, if it is an http(s) address; anything else (file:, app links) is no link. */
function safeShapeLink(link: unknown): string | null {
  if (typeof link !== 'string' || link.length > 2048) return null;
  try {
    const { protocol } = new URL(link);
    return protocol === 'http:' || protocol === 'https:' ? link : null;
  } catch {
    return null;
  }
}

/**
 * The element with its link dropped unless it is http(s): Excalidraw itself refuses only
 * `javascript:`-like links, and every member can click a shape's link. Applied by the server to
 * what it stores and relays, and by the browser to what it draws.
 */
export function withSafeLink<T extends object>(element: T): T {
  const given = (element as { link?: unknown }).link;
  if (given === undefined || given === null) return element;
  const link = safeShapeLink(given);
  return link === given ? element : { ...element, link };
}

/**
 * One Excalidraw element. The fields the merge rule reads are checked; Excalidraw's other fields
 * (points, colours, text, bindings, fractional index ...) are kept as sent, within the size cap,
 * except a link that is not http(s), which is dropped.
 */
export const WhiteboardElementSchema = z
  .looseObject({
    id: elementIdField,
    type: z.enum(WHITEBOARD_ELEMENT_TYPES, { error: WHITEBOARD_MESSAGES.elementInvalid }),
    version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    versionNonce: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
    isDeleted: z.boolean(),
  })
  .refine((e) => JSON.stringify(e).length <= WHITEBOARD_LIMITS.elementMaxChars, {
    message: WHITEBOARD_MESSAGES.updateTooLarge,
  })
  .transform(withSafeLink);
export type WhiteboardElement = z.infer<typeof WhiteboardElementSchema>;

/** The part of an element the merge rule compares. */
export interface WhiteboardElementStamp {
  version: number;
  versionNonce: number;
}

/**
 * The merge rule, the same in the browser (Excalidraw's `reconcileElements`) and on the server:
 * a copy of an element replaces the one already there when its version is higher, or, at the same
 * version (two people changed it at once), when its versionNonce is lower. Every copy of the board
 * applies the same rule to the same copies, so they all end with the same element whatever order
 * the copies arrive in. A deletion is a new version with isDeleted set: it wins like any edit.
 */
export function whiteboardElementWins(
  incoming: WhiteboardElementStamp,
  current: WhiteboardElementStamp | undefined,
): boolean {
  if (!current) return true;
  if (incoming.version !== current.version) return incoming.version > current.version;
  return incoming.versionNonce < current.versionNonce;
}

/** `whiteboard-join`: subscribe, and read the stored board a page at a time. */
export const WhiteboardJoinPayloadSchema = z.object({
  roomId: RoomIdSchema,
  /** The `next` of the previous page; absent for the first. */
  after: elementIdField.optional(),
});
export type WhiteboardJoinPayload = z.input<typeof WhiteboardJoinPayloadSchema>;
export interface WhiteboardJoinResult {
  elements: WhiteboardElement[];
  /** Ask again with `after: next` while it is not null. */
  next: string | null;
}

/** `whiteboard-update`: the elements that changed since the sender last sent them. */
export const WhiteboardUpdatePayloadSchema = z
  .object({
    roomId: RoomIdSchema,
    elements: z
      .array(WhiteboardElementSchema)
      .min(1, WHITEBOARD_MESSAGES.elementInvalid)
      .max(WHITEBOARD_LIMITS.updateMaxElements, WHITEBOARD_MESSAGES.updateTooLarge),
  })
  .refine((p) => JSON.stringify(p.elements).length <= WHITEBOARD_LIMITS.updateMaxChars, {
    message: WHITEBOARD_MESSAGES.updateTooLarge,
  });
export type WhiteboardUpdatePayload = z.input<typeof WhiteboardUpdatePayloadSchema>;
export interface WhiteboardUpdateResult {
  /** The server's copy of each sent element that lost to it: apply them to converge. */
  stale: WhiteboardElement[];
  /**
   * New elements left out because the board is full (`WHITEBOARD_MESSAGES.boardFull`): nobody
   * else has them, so the sender takes them off its board too.
   */
  refused: string[];
}

/** `whiteboard-update` received: the winning elements of another member's update. */
export interface WhiteboardUpdateReceived {
  roomId: string;
  elements: WhiteboardElement[];
}

// zod 4 refuses NaN and the infinities already.
const coordinate = z.number().min(-1e7).max(1e7);

/** `whiteboard-pointer`: where this member's pointer is on the board (scene coordinates). */
export const WhiteboardPointerPayloadSchema = z.object({
  roomId: RoomIdSchema,
  x: coordinate,
  y: coordinate,
  button: z.enum(['down', 'up']),
  tool: z.enum(['pointer', 'laser']).default('pointer'),
});
export type WhiteboardPointerPayload = z.input<typeof WhiteboardPointerPayloadSchema>;

/** `whiteboard-pointer` received: `id` is the sender's socket, `name` its account's name. */
export interface WhiteboardPointerReceived {
  roomId: string;
  id: string;
  userId: string;
  name: string;
  x: number;
  y: number;
  button: 'down' | 'up';
  tool: 'pointer' | 'laser';
}

/** `whiteboard-peer-left`: that socket closed the board or went away; drop its pointer. */
export interface WhiteboardPeerLeft {
  roomId: string;
  id: string;
}
