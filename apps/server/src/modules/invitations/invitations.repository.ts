import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RoomRole } from '@studycircle/shared';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { roomInvitations } from './invitations.tables.js';
import { roomMembers, rooms } from '../rooms/rooms.tables.js';
import { users } from '../users/users.tables.js';
import { addMembership, RoomFullError } from '../../db/memberships.repository.js';

/**
 * Room invitations, stored with the SHA-256 of their token. Accepting writes a membership too:
 * it must happen in the same transaction as consuming the invitation, so this repository uses
 * the shared membership writer (db/memberships.repository.ts) with its own transaction.
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
    /**
     * Inserts the room's open invitation for the address, unless one exists already: the partial
     * unique index on (room, address) among unaccepted rows decides between racing inserts. False
     * when another request's invitation got there first (docs/decisions/0017).
     */
    async insertOpen(row: NewInvitationRow): Promise<boolean> {
      const inserted = await db
        .insert(roomInvitations)
        .values(row)
        .onConflictDoNothing({
          target: [roomInvitations.roomId, roomInvitations.email],
          where: sql`${roomInvitations.acceptedAt} is null`,
        })
        .returning({ id: roomInvitations.id });
      return inserted.length > 0;
    },

    /** Deletes an invitation, provided it still carries the token that was never mailed. */
    async delete(id: string, tokenHash: string): Promise<void> {
      await db
        .delete(roomInvitations)
        .where(and(eq(roomInvitations.id, id), eq(roomInvitations.tokenHash, tokenHash)));
    },

    /**
     * The room's unaccepted invitation for `email`, expired or not: there is at most one per
     * room and address, because inviting the address again refreshes that row (see
     * docs/decisions/0011-one-pending-invitation-per-address.md), and a partial unique index
     * holds it so under races.
     */
    async findOpenForEmail(roomId: string, email: string) {
      const [row] = await db
        .select({
          id: roomInvitations.id,
          tokenHash: roomInvitations.tokenHash,
          role: roomInvitations.role,
          inviterId: roomInvitations.inviterId,
          expiresAt: roomInvitations.expiresAt,
          createdAt: roomInvitations.createdAt,
        })
        .from(roomInvitations)
        .where(
          and(
            eq(roomInvitations.roomId, roomId),
            eq(roomInvitations.email, email),
            isNull(roomInvitations.acceptedAt),
          ),
        )
        .orderBy(desc(roomInvitations.createdAt))
        .limit(1);
      return row;
    },

    /** One unaccepted invitation of the room by id (expired or not). */
    async findOpenById(roomId: string, id: string) {
      const [row] = await db
        .select({
          id: roomInvitations.id,
          tokenHash: roomInvitations.tokenHash,
          email: roomInvitations.email,
          role: roomInvitations.role,
          inviterId: roomInvitations.inviterId,
          expiresAt: roomInvitations.expiresAt,
          createdAt: roomInvitations.createdAt,
        })
        .from(roomInvitations)
        .where(
          and(
            eq(roomInvitations.roomId, roomId),
            eq(roomInvitations.id, id),
            isNull(roomInvitations.acceptedAt),
          ),
        );
      return row;
    },

    /** Pending invitations (unused, unexpired) with their inviter's name, newest first. */
    async listPending(roomId: string, at: Date) {
      return db
        .select({
          id: roomInvitations.id,
          email: roomInvitations.email,
          role: roomInvitations.role,
          inviterName: users.name,
          expiresAt: roomInvitations.expiresAt,
          createdAt: roomInvitations.createdAt,
        })
        .from(roomInvitations)
        .innerJoin(users, eq(users.id, roomInvitations.inviterId))
        .where(
          and(
            eq(roomInvitations.roomId, roomId),
            isNull(roomInvitations.acceptedAt),
            gt(roomInvitations.expiresAt, at),
          ),
        )
        .orderBy(desc(roomInvitations.createdAt), desc(roomInvitations.id));
    },

    /**
     * Gives an unaccepted invitation a new token hash and expiry (and role and inviter), which
     * invalidates the old link, provided it still carries `expectedTokenHash`: a compare-and-set,
     * so of several requests that read the same invitation only one re-issues it. False when it
     * was accepted, deleted or re-issued by someone else meanwhile.
     */
    async refresh(
      id: string,
      expectedTokenHash: string,
      changes: { tokenHash: string; expiresAt: Date; role: 'admin' | 'member'; inviterId: string },
    ): Promise<boolean> {
      const updated = await db
        .update(roomInvitations)
        .set(changes)
        .where(
          and(
            eq(roomInvitations.id, id),
            eq(roomInvitations.tokenHash, expectedTokenHash),
            isNull(roomInvitations.acceptedAt),
          ),
        )
        .returning({ id: roomInvitations.id });
      return updated.length > 0;
    },

    /** Deletes an unaccepted invitation of the room; false when there was none. */
    async deleteOpen(roomId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(roomInvitations)
        .where(
          and(
            eq(roomInvitations.roomId, roomId),
            eq(roomInvitations.id, id),
            isNull(roomInvitations.acceptedAt),
          ),
        )
        .returning({ id: roomInvitations.id });
      return deleted.length > 0;
    },

    /** True when the account registered with `email` is a member of the room. */
    async isMemberByEmail(roomId: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: roomMembers.userId })
        .from(roomMembers)
        .innerJoin(users, eq(users.id, roomMembers.userId))
        .where(and(eq(roomMembers.roomId, roomId), eq(users.email, email)));
      return row !== undefined;
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
          acceptedBy: roomInvitations.acceptedBy,
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

/**
 * The account's part of its deletion (docs/decisions/0013, 0065): the invitations it sent go,
 * pending ones addressed to its e-mail are cancelled (an open one would wait for whoever
 * registers the address next), and accepted ones addressed to it stay as the room's record of
 * who joined how, no longer naming the account.
 */
export async function deleteInvitationsOfAccount(
  transaction: Tx,
  account: { id: string; email: string },
): Promise<void> {
  const tx = fromTx(transaction);
  await tx.delete(roomInvitations).where(eq(roomInvitations.inviterId, account.id));
  await tx
    .delete(roomInvitations)
    .where(and(eq(roomInvitations.email, account.email), isNull(roomInvitations.acceptedAt)));
  await tx
    .update(roomInvitations)
    .set({ acceptedBy: null })
    .where(eq(roomInvitations.acceptedBy, account.id));
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
