import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { arrayQueryOf, type Db } from '../../db/client.js';
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

/**
 * One statement stores a whole batch (chat.service's group commit): the rows arrive as one array
 * per column and are inserted in array order, so within a batch ids follow arrival order. A row
 * whose client id is already stored for its room and author (a retry, possibly in the same batch)
 * is skipped by the unique index; the caller then reads the stored one.
 */
const INSERT_BATCH = `
  insert into room_messages (room_id, user_id, name, text, client_id)
  select room_id, user_id, name, text, client_id
  from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
    with ordinality as batch (room_id, user_id, name, text, client_id, position)
  order by position
  on conflict do nothing
  returning id, room_id, user_id, client_id, created_at`;

/** The same for a batch of one, the usual case at light load: a plain single-row insert. */
const INSERT_ONE = `
  insert into room_messages (room_id, user_id, name, text, client_id)
  values ($1, $2, $3, $4, $5)
  on conflict do nothing
  returning id, room_id, user_id, client_id, created_at`;

export interface StoredMessage {
  row: MessageRow;
  /** False for a retry: the message was already stored and nothing was written. */
  created: boolean;
}

/** How a retry is recognised: the unique index's columns. */
const retryKey = (roomId: string, userId: string | null, clientId: string) =>
  `${roomId}\n${userId ?? ''}\n${clientId}`;

/**
 * True for an error that one row caused and that left nothing written: PostgreSQL's data
 * exceptions (22xxx) and integrity violations (23xxx), such as a room deleted since the sender's
 * membership was checked. The raw driver reports the SQLSTATE as `code`; drizzle wraps it.
 */
export function isRowError(err: unknown): boolean {
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

export function createChatRepository(db: Db) {
  const query = arrayQueryOf(db);

  async function findByClientId(roomId: string, userId: string, clientId: string) {
    const [existing] = await db
      .select(columns)
      .from(roomMessages)
      .where(
        and(
          eq(roomMessages.roomId, roomId),
          eq(roomMessages.userId, userId),
          eq(roomMessages.clientId, clientId),
        ),
      );
    return existing;
  }

  return {
    /**
     * Stores each message once, all in one statement (so one commit), and returns one result per
     * row in the rows' order. A row with a client id already stored for its room and author (a
     * retry, even one earlier in the same batch) writes nothing and returns the stored message
     * with `created: false`. Resolves once the statement has committed.
     */
    async insertMany(rows: NewMessageRow[]): Promise<StoredMessage[]> {
      const [only] = rows;
      const returned =
        rows.length === 1
          ? await query('chat_insert_one', INSERT_ONE, [
              only!.roomId,
              only!.userId,
              only!.name,
              only!.text,
              only!.clientId,
            ])
          : await query('chat_insert_batch', INSERT_BATCH, [
              rows.map((r) => r.roomId),
              rows.map((r) => r.userId),
              rows.map((r) => r.name),
              rows.map((r) => r.text),
              rows.map((r) => r.clientId),
            ]);
      // Returned rows, inserted in the batch's order, so increasing ids follow it: rows with a
      // client id are found by it, rows without one (never skipped) take the rest in turn.
      returned.sort((a, b) => Number(a[0]) - Number(b[0]));
      const byKey = new Map<string, unknown[]>();
      const withoutClientId: unknown[][] = [];
      for (const r of returned) {
        if (r[3] === null) withoutClientId.push(r);
        else byKey.set(retryKey(r[1] as string, r[2] as string | null, r[3] as string), r);
      }
      let nextWithout = 0;
      const claimed = new Set<string>();
      return Promise.all(
        rows.map(async (row): Promise<StoredMessage> => {
          const key = row.clientId === null ? null : retryKey(row.roomId, row.userId, row.clientId);
          const inserted =
            key === null
              ? withoutClientId[nextWithout++]
              : claimed.has(key)
                ? undefined
                : byKey.get(key);
          if (inserted) {
            if (key !== null) claimed.add(key);
            const stored: MessageRow = {
              id: Number(inserted[0]),
              roomId: row.roomId,
              userId: row.userId,
              name: row.name,
              text: row.text,
              clientId: row.clientId,
              createdAt: inserted[4] as Date,
            };
            return { row: stored, created: true };
          }
          // A retry: the message was stored by an earlier statement or earlier in this one.
          const existing = await findByClientId(row.roomId, row.userId, row.clientId!);
          if (!existing) throw new Error('chat: a skipped message is not stored');
          return { row: existing, created: false };
        }),
      );
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

export type ChatRepository = ReturnType<typeof createChatRepository>;
