import { tooManyRoomsMessage } from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';

/**
 * What one account may do to the rooms everyone sees (docs/decisions/0003 and 0007): create a
 * bounded number of rooms an hour, and fill at most a few places of a stranger's public list.
 * The list rule itself is SQL (rooms.repository.ts); its number lives here with the other.
 */

/**
 * Rooms one account may create in an hour, times RATE_LIMIT_FACTOR (like the invitations an
 * account may send, a load-test rig or a large course raises it with the rest). A teacher setting
 * up a term's rooms stays well under it; a script filling the database does not.
 */
export const ROOM_CREATION_LIMIT = {
  max: 30,
  windowMs: 60 * 60 * 1000,
} as const satisfies LimitRule;

/**
 * How many public rooms of one owner a stranger's list shows: that owner's newest ones. Rooms the
 * caller belongs to are always listed; the others stay joinable by code and readable by link.
 */
export const PUBLIC_ROOMS_PER_OWNER = 3;

/** Counts one room creation against the account's hourly allowance; 429 past it. */
export function createRoomCreationLimit(rateLimiter: RateLimiter, factor: number) {
  const max = Math.max(1, Math.floor(ROOM_CREATION_LIMIT.max * factor));
  return async function spendRoomCreation(userId: string): Promise<void> {
    const key = `room-create:${userId}`;
    if ((await rateLimiter.hit(key, ROOM_CREATION_LIMIT.windowMs)) > max) {
      const waitMs = await rateLimiter.msUntilReset(key);
      throw AppError.tooManyRequests(tooManyRoomsMessage(waitMs), waitMs);
    }
  };
}
