import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roomMessages } from '../../db/schema.js';

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

export function createChatRepository(db: Db) {
  // Prepared once: every chat message runs it, and building the query each time cost more CPU
  // than the rest of the message's handling (bench/signalling.ts).
  const insertStatement = db
    .insert(roomMessages)
    .values({
      roomId: sql.placeholder('roomId'),
      userId: sql.placeholder('userId'),
      name: sql.placeholder('name'),
      text: sql.placeholder('text'),
      clientId: sql.placeholder('clientId'),
    })
    .onConflictDoNothing()
    .returning(columns)
    .prepare('chat_insert_once');

  return {
    /**
     * Stores a message once. With a client id already stored for this room and author (a retry),
     * nothing is written and the stored row is returned with `created: false`. The insert is
     * its own statement, so it has committed when this resolves.
     */
    async insertOnce(row: NewMessageRow): Promise<{ row: MessageRow; created: boolean }> {
      const [inserted] = (await insertStatement.execute({ ...row })) as MessageRow[];
      if (inserted) return { row: inserted, created: true };
      const [existing] = await db
        .select(columns)
        .from(roomMessages)
        .where(
          and(
            eq(roomMessages.roomId, row.roomId),
            eq(roomMessages.userId, row.userId),
            eq(roomMessages.clientId, row.clientId ?? ''),
          ),
        );
      return { row: existing!, created: false };
    },

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
