import type { RaisedHand } from '@studycircle/shared';

/**
 * The hand queue's pure rules (docs/decisions/0063): the server orders the queue; the screen only
 * tells who is new in it and words each place.
 */

/** Hands in `next` that were not up in `before`, other than this side's own (`self`). */
export function newlyRaised(
  before: readonly RaisedHand[],
  next: readonly RaisedHand[],
  self: string | undefined,
): RaisedHand[] {
  const known = new Set(before.map((h) => h.id));
  return next.filter((h) => h.id !== self && !known.has(h.id));
}

/** How one place in the queue reads: "Ana", or "You" for this side's own hand. */
export function handLabel(hand: RaisedHand, self: string | undefined): string {
  return hand.id === self ? 'You' : hand.name.trim() || 'Someone';
}
