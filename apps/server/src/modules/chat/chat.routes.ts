import type { FastifyInstance } from 'fastify';
import { RoomMessagesQuerySchema, type RoomMessagesPage } from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';

/**
 * `GET /api/rooms/:id/messages` (registered under /api in app.ts): a member's page of the room's
 * chat history, oldest first, with `before` / `after` cursors. Messages arrive live over the
 * socket (chat.socket.ts); this is how a client scrolls back and catches up.
 */
export async function chatRoutes(app: FastifyInstance) {
  const { chat } = app.services;
  app.addHook('preHandler', app.authenticate);

  app.get<{ Params: { id: string } }>(
    '/rooms/:id/messages',
    async (request): Promise<RoomMessagesPage> => {
      const query = parseWith(RoomMessagesQuerySchema, request.query ?? {});
      return chat.history(request.user, request.params.id, query);
    },
  );
}
