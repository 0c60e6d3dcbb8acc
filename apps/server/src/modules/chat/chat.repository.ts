import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { roomMessages } from './chat.tables.js';
import { roomMembers } from '../rooms/rooms.tables.js';
import { groupCommit } from '../../lib/group-commit.js';

/**
 * The chat module's only access to the database: room_messages. Ids are a bigserial, so a room's
 * messages read in id order are in the order they were stored; pages and catch-up use ids as
 * cursors. A client-made id is unique per room and author, which is what makes retries safe.
 */

const columns = {
  id: roomMessages.id,
  roomId: roomMessages.roomId,
  userId: roomMessages.userId,
  name: roomMessages.name,
  text: roomMessages.text,
  clientId: roomMessages.clientId,
  createdAt: roomMessages.createdAt,
};

export type MessageRow = {
  id: number;
  roomId: string;
  userId: string | null;
  name: string;
  text: string;
  clientId: string | null;
  createdAt: Date;
};

export interface NewMessageRow {
  roomId: string;
  userId: string;
  name: string;
  text: string;
  clientId: string | null;
}

/** A stored row's key: a client id is unique per room and author (a message without one is never a retry). */
function keyOf(row: {
  roomId: string;
  userId: string | null;
  clientId: string | null;
  text: string;
}) {
  return row.clientId === null
    ? `${row.roomId}\u0000${row.userId}\u0000\u0000${row.text}`
    : `${row.roomId}\u0000${row.userId}\u0000${row.clientId}`;
}

export function createChatRepository(db: Db) {
  // Prepared once, for any number of rows (arrays unnested into rows): every chat message runs
  // it, and building a query each time cost more CPU than the rest of a message's handling
  // (bench/signalling.ts). Ids come from the sequence in row order, so a batch keeps its order.
  // Only an author who is a member now is written, in the same statement (a read of the rooms
  // module's table, as the workspace reads sync_records): a node that has not yet heard of a
  // removal cannot store the removed member's message (docs/decisions/0040).
  const insertBatch = db
    .insert(roomMessages)
    .select(
      sql`select nextval('room_messages_id_seq'), r, u, n, t, c, now()
          from unnest(${sql.placeholder('roomIds')}::text[], ${sql.placeholder('userIds')}::text[],
                      ${sql.placeholder('names')}::text[], ${sql.placeholder('texts')}::text[],
                      ${sql.placeholder('clientIds')}::text[]) as m(r, u, n, t, c)
          where exists (select 1 from ${roomMembers}
                        where ${roomMembers.roomId} = m.r and ${roomMembers.userId} = m.u)`,
    )
    .onConflictDoNothing()
    .returning(columns)
    .prepare('chat_insert_batch');

  async function existing(row: NewMessageRow): Promise<MessageRow | undefined> {
    const [found] = await db
      .select(columns)
      .from(roomMessages)
      .where(
        and(
          eq(roomMessages.roomId, row.roomId),
          eq(roomMessages.userId, row.userId),
          eq(roomMessages.clientId, row.clientId ?? ''),
        ),
      );
    return found;
  }

  /**
   * Stores messages in one statement (one commit). Retries (a client id already stored for the
   * room and author) write nothing and come back as the stored row with `created: false`; a
   * message whose author is not a member comes back without a row.
   */
  async function insertMany(
    rows: NewMessageRow[],
  ): Promise<{ row: MessageRow | undefined; created: boolean }[]> {
    const inserted = (await insertBatch.execute({
      roomIds: rows.map((r) => r.roomId),
      userIds: rows.map((r) => r.userId),
      names: rows.map((r) => r.name),
      texts: rows.map((r) => r.text),
      clientIds: rows.map((r) => r.clientId),
    })) as MessageRow[];
    // Match the returned rows to the calls by key: identical messages without a client id are
    // interchangeable, so each takes the next of its key in id order.
    const byKey = new Map<string, MessageRow[]>();
    for (const row of inserted.sort((a, b) => a.id - b.id)) {
      const key = keyOf(row);
      const list = byKey.get(key);
      if (list) list.push(row);
      else byKey.set(key, [row]);
    }
    return Promise.all(
      rows.map(async (row) => {
        const stored = byKey.get(keyOf(row))?.shift();
        return stored
          ? { row: stored, created: true }
          : { row: await existing(row), created: false };
      }),
    );
  }

  return {
    /**
     * Stores a message once. With a client id already stored for this room and author (a retry),
     * nothing is written and the stored row is returned with `created: false`. Resolves once the
     * row is committed. Messages arriving while a write is in flight are written together as the
     * next statement (group commit, lib/group-commit.ts): under load a few commits carry many
     * messages, and a lone message is written at once.
     */
    insertOnce: groupCommit(insertMany),

    /** The latest `limit` messages (or those just before `before`), returned oldest first. */
    async listBefore(roomId: string, limit: number, before?: number): Promise<MessageRow[]> {
      const rows = await db
        .select(columns)
        .from(roomMessages)
        .where(
          before === undefined
            ? eq(roomMessages.roomId, roomId)
            : and(eq(roomMessages.roomId, roomId), lt(roomMessages.id, before)),
        )
        .orderBy(desc(roomMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    /** Up to `limit` messages newer than `after`, oldest first. */
    async listAfter(roomId: string, limit: number, after: number): Promise<MessageRow[]> {
      return db
        .select(columns)
        .from(roomMessages)
        .where(and(eq(roomMessages.roomId, roomId), gt(roomMessages.id, after)))
        .orderBy(asc(roomMessages.id))
        .limit(limit);
    },
  };
}

/**
 * The account's chat messages, in every room (their words leave with them: decision 0013), on
 * the account deletion's transaction (docs/decisions/0065-account-deletion-in-one-transaction.md).
 */
export async function deleteMessagesOfAccount(transaction: Tx, userId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx.delete(roomMessages).where(eq(roomMessages.userId, userId));
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
