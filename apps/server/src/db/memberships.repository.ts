import { and, eq, sql } from 'drizzle-orm';
import type { RoomRole } from '@studycircle/shared';
import type { Db } from './client.js';
import { roomMembers, rooms } from './schema.js';

/**
 * The membership writer that two repositories share: rooms (join by code) and invitations
 * (accept) both add a membership inside their own transaction. It runs queries, so it is a
 * repository (only repositories and db/client.ts touch the database); it lives in db/, outside
 * any module, so that neither module imports the other's repository (a lint rule forbids that).
 */

/**
 * Adds a membership and bumps the count, unless the room is full. Runs inside the caller's
 * transaction; returns 'added', 'exists' (nothing changed) or 'full' (caller must roll back:
 * the membership row was already inserted).
 */
export async function addMembership(
  tx: Db,
  roomId: string,
  userId: string,
  role: RoomRole,
  joinedAt: Date,
): Promise<'added' | 'exists' | 'full'> {
  const inserted = await tx
    .insert(roomMembers)
    .values({ roomId, userId, role, joinedAt })
    .onConflictDoNothing()
    .returning({ userId: roomMembers.userId });
  if (inserted.length === 0) return 'exists';
  // The condition is re-checked under the row lock the update takes, so two racing joins
  // cannot both take the last seat.
  const bumped = await tx
    .update(rooms)
    .set({ memberCount: sql`${rooms.memberCount} + 1` })
    .where(and(eq(rooms.id, roomId), sql`${rooms.memberCount} < ${rooms.maxMembers}`))
    .returning({ id: rooms.id });
  return bumped.length === 0 ? 'full' : 'added';
}

/** Thrown inside a transaction to roll it back when a room turned out to be full. */
export class RoomFullError extends Error {}
