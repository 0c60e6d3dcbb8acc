import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { RoomRole } from '@studycircle/shared';
import type { Db } from '../../db/client.js';
import { roomInvitations, roomMembers, rooms, users } from '../../db/schema.js';
import { addMembership, RoomFullError } from '../rooms/rooms.repository.js';

/**
 * Room invitations, stored with the SHA-256 of their token. Accepting writes a membership too:
 * it must happen in the same transaction as consuming the invitation, so this repository uses
 * the rooms repository's membership writer with its own transaction.
 */

export interface NewInvitationRow {
  id: string;
  roomId: string;
  inviterId: string;
  tokenHash: string;
  email: string;
  role: 'admin' | 'member';
  expiresAt: Date;
  createdAt: Date;
}

export type AcceptOutcome =
  { kind: 'accepted'; role: RoomRole } | { kind: 'gone' } | { kind: 'full' };

export function createInvitationsRepository(db: Db) {
  return {
    async insert(row: NewInvitationRow): Promise<void> {
      await db.insert(roomInvitations).values(row);
    },

    async delete(id: string): Promise<void> {
      await db.delete(roomInvitations).where(eq(roomInvitations.id, id));
    },

    /** The invitation with its room's name, whatever its state (the service tells them apart). */
    async findByTokenHash(tokenHash: string) {
      const [row] = await db
        .select({
          id: roomInvitations.id,
          roomId: roomInvitations.roomId,
          roomName: rooms.name,
          inviterId: roomInvitations.inviterId,
          email: roomInvitations.email,
          role: roomInvitations.role,
          expiresAt: roomInvitations.expiresAt,
          acceptedAt: roomInvitations.acceptedAt,
        })
        .from(roomInvitations)
        .innerJoin(rooms, eq(rooms.id, roomInvitations.roomId))
        .where(eq(roomInvitations.tokenHash, tokenHash));
      return row;
    },

    /** The invitation with this id and its room's name, whatever its state. */
    async findById(id: string) {
      const [row] = await db
        .select({
          id: roomInvitations.id,
          roomId: roomInvitations.roomId,
          roomName: rooms.name,
          inviterId: roomInvitations.inviterId,
          email: roomInvitations.email,
          role: roomInvitations.role,
          expiresAt: roomInvitations.expiresAt,
          acceptedAt: roomInvitations.acceptedAt,
        })
        .from(roomInvitations)
        .innerJoin(rooms, eq(rooms.id, roomInvitations.roomId))
        .where(eq(roomInvitations.id, id));
      return row;
    },

    /**
     * Unused, unexpired invitations sent to an address, newest first, with the room's and the
     * inviter's names (the bell shows them). Capped: a long-ignored inbox still answers fast.
     */
    async listPendingForEmail(email: string, now: Date, limit: number) {
      return db
        .select({
          id: roomInvitations.id,
          roomId: roomInvitations.roomId,
          roomName: rooms.name,
          inviterName: users.name,
          email: roomInvitations.email,
          role: roomInvitations.role,
          expiresAt: roomInvitations.expiresAt,
          createdAt: roomInvitations.createdAt,
        })
        .from(roomInvitations)
        .innerJoin(rooms, eq(rooms.id, roomInvitations.roomId))
        .innerJoin(users, eq(users.id, roomInvitations.inviterId))
        .where(
          and(
            eq(roomInvitations.email, email),
            isNull(roomInvitations.acceptedAt),
            gt(roomInvitations.expiresAt, now),
          ),
        )
        .orderBy(desc(roomInvitations.createdAt), desc(roomInvitations.id))
        .limit(limit);
    },

    /**
     * Consumes the invitation and grants its role in one transaction. The conditional update
     * (unused, unexpired) makes it single-use even when two accepts race. A new member takes a
     * seat (refused when the room is full); a plain member invited as admin is promoted; an
     * admin or the owner keeps their role.
     */
    async accept(id: string, userId: string, now: Date): Promise<AcceptOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const [used] = await tx
            .update(roomInvitations)
            .set({ acceptedAt: now, acceptedBy: userId })
            .where(
              and(
                eq(roomInvitations.id, id),
                isNull(roomInvitations.acceptedAt),
                gt(roomInvitations.expiresAt, now),
              ),
            )
            .returning({ roomId: roomInvitations.roomId, role: roomInvitations.role });
          if (!used) return { kind: 'gone' } as const;
          const role = used.role as 'admin' | 'member';
          const added = await addMembership(tx, used.roomId, userId, role, now);
          if (added === 'full') throw new RoomFullError();
          if (added === 'added') return { kind: 'accepted', role } as const;
          const [current] = await tx
            .select({ role: roomMembers.role })
            .from(roomMembers)
            .where(and(eq(roomMembers.roomId, used.roomId), eq(roomMembers.userId, userId)));
          if (current?.role === 'member' && role === 'admin') {
            await tx
              .update(roomMembers)
              .set({ role })
              .where(and(eq(roomMembers.roomId, used.roomId), eq(roomMembers.userId, userId)));
            return { kind: 'accepted', role } as const;
          }
          return { kind: 'accepted', role: (current?.role ?? role) as RoomRole } as const;
        });
      } catch (err) {
        if (err instanceof RoomFullError) return { kind: 'full' };
        throw err;
      }
    },

    /** Moves an invitation's expiry (tests use it to simulate the passing of 7 days). */
    async setExpiry(tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .update(roomInvitations)
        .set({ expiresAt })
        .where(eq(roomInvitations.tokenHash, tokenHash));
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
