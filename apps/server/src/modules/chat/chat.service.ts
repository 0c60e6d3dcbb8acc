import {
  ROOM_MESSAGES,
  REALTIME_LIMITS,
  type ChatMessageReceived,
  type RoomMessagesPage,
} from '@studycircle/shared';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import {
  deleteMessagesOfAccount,
  type MessageRow,
  type ChatRepository,
} from './chat.repository.js';

/**
 * Room chat: storing a message exactly once (retries carry the client's id) and reading the
 * history in pages both ways. Membership is the rooms service's decision: the socket handler
 * (chat.socket.ts) checks it once per socket and room, then calls `store` for each message; the
 * history asks it on every page.
 */

export function toChatMessage(row: MessageRow): ChatMessageReceived {
  return {
    id: String(row.id),
    roomId: row.roomId,
    userId: row.userId,
    name: row.name,
    text: row.text,
    at: row.createdAt.getTime(),
    clientId: row.clientId,
  };
}

export interface HistoryQuery {
  before?: string | undefined;
  after?: string | undefined;
  limit?: number | undefined;
}

export interface ChatServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: ChatRepository;
  rooms: Pick<RoomsService, 'requireMember'>;
}

export function createChatService({ repo, rooms }: ChatServiceDeps) {
  return {
    /**
     * The chat's part of deleting an account, on its transaction: the account's messages in
     * every room (docs/decisions/0065-account-deletion-in-one-transaction.md).
     */
    deleteAccountData(tx: Tx, userId: string): Promise<void> {
      return deleteMessagesOfAccount(tx, userId);
    },

    /**
     * Stores a message from a member of the room and resolves once it is committed; membership is
     * checked again in the insert itself (403 when the author is no longer a member). A retry with a client id already stored returns the stored message
     * with `created: false`, so it is neither stored nor broadcast twice.
     */
    async store(
      user: AuthUser,
      input: { roomId: string; text: string; clientId?: string | undefined },
    ): Promise<{ message: ChatMessageReceived; created: boolean }> {
      const { row, created } = await repo.insertOnce({
        roomId: input.roomId,
        userId: user.id,
        name: user.name,
        text: input.text,
        clientId: input.clientId ?? null,
      });
      // Not a member now (removed, and this node has not heard yet): nothing was written.
      if (!row) throw AppError.forbidden(ROOM_MESSAGES.membersOnly);
      return { message: toChatMessage(row), created };
    },

    /**
     * A page of the room's history for a member, oldest first: the latest messages, older ones
     * (`before`) or newer ones (`after`, for catching up after a reconnect).
     */
    async history(user: AuthUser, roomId: string, query: HistoryQuery): Promise<RoomMessagesPage> {
      const room = await rooms.requireMember(roomId, user.id);
      const limit = query.limit ?? REALTIME_LIMITS.historyDefault;
      // One extra row tells whether another page exists without a count query.
      const rows =
        query.after !== undefined
          ? await repo.listAfter(room.id, limit + 1, Number(query.after))
          : await repo.listBefore(
              room.id,
              limit + 1,
              query.before === undefined ? undefined : Number(query.before),
            );
      const hasMore = rows.length > limit;
      const page = hasMore
        ? query.after !== undefined
          ? rows.slice(0, limit)
          : rows.slice(1)
        : rows;
      return { messages: page.map(toChatMessage), hasMore };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
