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

/** Mic readings come every 150 ms (webrtc/audio-level.ts): 10 of them span 1.5 s. */
const SPEECH_WINDOW = 10;
/** About 1.2 s of voice in 1.5 s: talking, not a cough, a door or the fake device's beeps. */
const SPEECH_NEEDED = 8;
/** What is said just after raising (often "I have a question") does not take the hand down. */
const SPEECH_GRACE_MS = 2000;

/**
 * Speaking takes your raised hand down, as it does in Meet: once the floor is yours the queue
 * should not keep you (docs/decisions/0063). `raised` starts a watch when the hand goes up;
 * `reading` takes each mic reading (speaking or not) and says when the hand should come down.
 */
export function createSpeechWatch() {
  let since = Number.POSITIVE_INFINITY;
  let recent: boolean[] = [];
  return {
    raised(at: number) {
      since = at;
      recent = [];
    },
    reading(speaking: boolean, at: number): boolean {
      if (at - since < SPEECH_GRACE_MS) return false;
      recent.push(speaking);
      if (recent.length > SPEECH_WINDOW) recent.shift();
      return recent.filter(Boolean).length >= SPEECH_NEEDED;
    },
  };
}
