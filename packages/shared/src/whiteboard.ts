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
 * - `whiteboard-clear` {roomId}: the room's owner or an admin deletes every shape; every member
 *   gets `whiteboard-cleared` and reads the board again.
 *
 * Elements are Excalidraw's own objects, checked field by field against what Excalidraw reads
 * (`WhiteboardElementSchema`; unknown fields are dropped), so one member cannot store a shape that
 * breaks the board for the others. The browser checks what it receives with the same schema and
 * restores each element with Excalidraw's own `restoreElements` before drawing it
 * (docs/decisions/0042-whiteboard-bounds.md).
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
  /**
   * How far one update may raise an element's stored version, and the highest version a new
   * element may start at. Excalidraw adds one per change (a drag adds one a frame), so a member
   * who dragged one shape offline for minutes stays under it, while an update that jumps towards
   * `Number.MAX_SAFE_INTEGER` to make a shape nobody can outbid is refused
   * (docs/decisions/0042-whiteboard-bounds.md).
   */
  versionStepMax: 10_000,
  /**
   * Deleted elements a board keeps as tombstones besides its live ones; past it the oldest are
   * dropped, so deleting and drawing again cannot grow a board's rows without end.
   */
  boardMaxTombstones: 5000,
  /** Points of one line, arrow or freehand stroke (the element's size cap stops it near here). */
  pointsMax: 4000,
  /** Characters of one text element's text. */
  textMax: 20_000,
  /** Groups, bound elements and an elbow arrow's fixed segments of one element. */
  listMax: 200,
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
  versionTooFar:
    'A shape on the whiteboard changed too many times at once to share. Reload the whiteboard.',
  clearOwnerOrAdminOnly: 'Only the room owner or an admin can clear the whiteboard.',
  cleared: 'The whiteboard was cleared.',
  clearConfirm: 'Clear the whiteboard for everyone in the room? This deletes every shape.',
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

// zod 4 refuses NaN and the infinities already.
const coordinate = z.number().min(-1e7).max(1e7);
const point = z.tuple([coordinate, coordinate]);
const COORDINATE_MAX = 1e7;

/**
 * A line's or a stroke's points, `[x, y]` pairs of bounded numbers. Checked by a loop rather than
 * an array of tuple schemas: a board's strokes hold hundreds of thousands of points, and the
 * browser checks every one it receives (a loop is some twenty times faster).
 */
const pointList = z.custom<[number, number][]>(
  (value) =>
    Array.isArray(value) &&
    value.length <= WHITEBOARD_LIMITS.pointsMax &&
    value.every(
      (p) =>
        Array.isArray(p) &&
        p.length === 2 &&
        typeof p[0] === 'number' &&
        typeof p[1] === 'number' &&
        Math.abs(p[0]) <= COORDINATE_MAX &&
        Math.abs(p[1]) <= COORDINATE_MAX,
    ),
);
const pressureList = z.custom<number[]>(
  (value) =>
    Array.isArray(value) &&
    value.length <= WHITEBOARD_LIMITS.pointsMax &&
    value.every((p) => typeof p === 'number' && p >= 0 && p <= 1),
);
const color = z.string().max(64);
const idList = z.array(elementIdField).max(WHITEBOARD_LIMITS.listMax);
const binding = z.object({
  elementId: elementIdField,
  focus: coordinate,
  gap: coordinate,
  fixedPoint: point.nullable().optional(),
});
const ARROWHEADS = [
  'arrow',
  'bar',
  'dot',
  'circle',
  'circle_outline',
  'triangle',
  'triangle_outline',
  'diamond',
  'diamond_outline',
  'crowfoot_one',
  'crowfoot_many',
  'crowfoot_one_or_many',
] as const;

/**
 * The fields every Excalidraw element has (`_ExcalidrawElementBase` in its element types). The
 * stamp is required; the rest may be absent, since `restoreElements` gives an absent field its
 * default, but a field that is present must have the type Excalidraw reads: a wrong type is what
 * threw while drawing and left the board empty for everyone.
 */
const baseShape = {
  id: elementIdField,
  version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  versionNonce: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  isDeleted: z.boolean(),
  x: coordinate.optional(),
  y: coordinate.optional(),
  width: coordinate.optional(),
  height: coordinate.optional(),
  angle: coordinate.optional(),
  strokeColor: color.optional(),
  backgroundColor: color.optional(),
  fillStyle: z.enum(['hachure', 'cross-hatch', 'solid', 'zigzag']).optional(),
  strokeWidth: z.number().min(0).max(1000).optional(),
  strokeStyle: z.enum(['solid', 'dashed', 'dotted']).optional(),
  roundness: z
    .object({
      type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      value: z.number().min(0).max(1e7).optional(),
    })
    .nullable()
    .optional(),
  roughness: z.number().min(0).max(100).optional(),
  opacity: z.number().min(0).max(100).optional(),
  seed: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).optional(),
  // A fractional index: base-62 digits (Excalidraw repairs one that is out of order).
  index: z
    .string()
    .regex(/^[0-9A-Za-z]{1,256}$/)
    .nullable()
    .optional(),
  groupIds: idList.optional(),
  frameId: elementIdField.nullable().optional(),
  boundElements: z
    .array(z.object({ id: elementIdField, type: z.enum(['arrow', 'text']) }))
    .max(WHITEBOARD_LIMITS.listMax)
    .nullable()
    .optional(),
  updated: z.number().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  link: z.string().nullable().optional(),
  locked: z.boolean().optional(),
};

const linearShape = {
  ...baseShape,
  points: pointList.optional(),
  lastCommittedPoint: point.nullable().optional(),
  startBinding: binding.nullable().optional(),
  endBinding: binding.nullable().optional(),
  startArrowhead: z.enum(ARROWHEADS).nullable().optional(),
  endArrowhead: z.enum(ARROWHEADS).nullable().optional(),
};

/**
 * Each element type a board keeps, with the fields Excalidraw 0.18 reads for it. Fields not
 * listed (Excalidraw's legacy `font` and `boundElementIds`, which `restoreElements` still
 * migrates and which threw on a wrong type, `customData`, anything else) are dropped.
 */
const StrictElementSchema = z.discriminatedUnion('type', [
  z.object({ ...baseShape, type: z.enum(['rectangle', 'diamond', 'ellipse']) }),
  z.object({
    ...baseShape,
    type: z.literal('frame'),
    name: z.string().max(256).nullable().optional(),
  }),
  z.object({
    ...baseShape,
    type: z.literal('text'),
    fontSize: z.number().positive().max(10_000).optional(),
    // Excalidraw's FONT_FAMILY values (4 was once Assistant; Excalidraw draws it with a fallback).
    fontFamily: z.number().int().min(1).max(9).optional(),
    text: z.string().max(WHITEBOARD_LIMITS.textMax).optional(),
    originalText: z.string().max(WHITEBOARD_LIMITS.textMax).optional(),
    textAlign: z.enum(['left', 'center', 'right']).optional(),
    verticalAlign: z.enum(['top', 'middle', 'bottom']).optional(),
    containerId: elementIdField.nullable().optional(),
    autoResize: z.boolean().optional(),
    lineHeight: z.number().positive().max(100).optional(),
  }),
  z.object({ ...linearShape, type: z.literal('line') }),
  z.object({
    ...linearShape,
    type: z.literal('arrow'),
    elbowed: z.boolean().optional(),
    fixedSegments: z
      .array(z.object({ start: point, end: point, index: z.number().int().min(0).max(1e5) }))
      .max(WHITEBOARD_LIMITS.listMax)
      .nullable()
      .optional(),
    startIsSpecial: z.boolean().nullable().optional(),
    endIsSpecial: z.boolean().nullable().optional(),
  }),
  z.object({
    ...baseShape,
    type: z.literal('freedraw'),
    // Drawn as they are (restoreElements passes them through), so they are required.
    points: pointList,
    pressures: pressureList.default([]),
    simulatePressure: z.boolean().default(true),
    lastCommittedPoint: point.nullable().optional(),
  }),
]);

/**
 * One Excalidraw element of a type the board keeps, every field Excalidraw reads checked
 * (`StrictElementSchema`), unknown fields dropped, and a link that is not http(s) dropped.
 * Anything wrong is refused with one message, `elementInvalid`; an element too large to share
 * with `updateTooLarge`.
 */
export const WhiteboardElementSchema = z
  .unknown()
  .refine((e) => JSON.stringify(e ?? null).length <= WHITEBOARD_LIMITS.elementMaxChars, {
    message: WHITEBOARD_MESSAGES.updateTooLarge,
    abort: true,
  })
  .transform((input, ctx) => {
    const parsed = StrictElementSchema.safeParse(input);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: WHITEBOARD_MESSAGES.elementInvalid });
      return z.NEVER;
    }
    return withSafeLink(parsed.data);
  });
export type WhiteboardElement = z.infer<typeof StrictElementSchema>;

/**
 * The elements of `elements` this schema accepts, in order, and how many it dropped: what the
 * browser draws of a stored or received board, so one bad element costs that element, never
 * the board.
 */
export function readableWhiteboardElements(elements: readonly unknown[]): {
  elements: WhiteboardElement[];
  dropped: number;
} {
  const kept: WhiteboardElement[] = [];
  for (const element of elements) {
    const parsed = WhiteboardElementSchema.safeParse(element);
    if (parsed.success) kept.push(parsed.data);
  }
  return { elements: kept, dropped: elements.length - kept.length };
}

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
  /** On the first page: whether this member may clear the board (the owner or an admin). */
  canClear?: boolean;
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

/**
 * `whiteboard-follow`: this screen starts (`following`) or stops following another member's view
 * on the board (`target`, their socket, as pointers name it). The target is told, so it sends its
 * view while anyone follows it (docs/decisions/0068-follow-a-view.md).
 */
export const WhiteboardFollowPayloadSchema = z.object({
  roomId: RoomIdSchema,
  target: z.string().min(1).max(64),
  following: z.boolean(),
});
export type WhiteboardFollowPayload = z.input<typeof WhiteboardFollowPayloadSchema>;

/** `whiteboard-followed`: a screen (`by`) started or stopped following this one's view. */
export interface WhiteboardFollowed {
  roomId: string;
  by: string;
  following: boolean;
}

/**
 * `whiteboard-view`: the part of the board this screen shows (scene coordinates, left, top,
 * right, bottom), sent only while someone follows it.
 */
export const WhiteboardViewPayloadSchema = z
  .object({
    roomId: RoomIdSchema,
    bounds: z.tuple([coordinate, coordinate, coordinate, coordinate]),
  })
  .refine(({ bounds: [x1, y1, x2, y2] }) => x1 < x2 && y1 < y2, {
    message: 'A view must have a size',
  });
export type WhiteboardViewPayload = z.input<typeof WhiteboardViewPayloadSchema>;

/** `whiteboard-view` received: `id` is the sender's socket. */
export interface WhiteboardViewReceived {
  roomId: string;
  id: string;
  bounds: [number, number, number, number];
}

/** `whiteboard-clear`: the room's owner or an admin deletes every shape on the board. */
export const WhiteboardClearPayloadSchema = z.object({ roomId: RoomIdSchema });
export type WhiteboardClearPayload = z.input<typeof WhiteboardClearPayloadSchema>;
export interface WhiteboardClearResult {
  /** How many shapes were deleted. */
  deleted: number;
}

/**
 * `whiteboard-cleared`: sent to every member with the board open (the one who cleared it too):
 * the shapes are now tombstones on the server; read the board again to take them off.
 */
export interface WhiteboardCleared {
  roomId: string;
  /** Who cleared it (their account's name), for the message shown to the others. */
  by: string;
}

/** `whiteboard-peer-left`: that socket closed the board or went away; drop its pointer. */
export interface WhiteboardPeerLeft {
  roomId: string;
  id: string;
}
