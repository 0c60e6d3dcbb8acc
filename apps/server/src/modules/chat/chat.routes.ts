import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_REPLIES,
  RoomMessagesPageSchema,
  RoomMessagesQuerySchema,
  RoomParamsSchema,
} from '@studycircle/shared';
import { BEARER } from '../../plugins/schemas.js';

/**
 * `GET /api/rooms/:id/messages` (registered under /api in app.ts): a member's page of the room's
 * chat history, oldest first, with `before` / `after` cursors. Messages arrive live over the
 * socket (chat.socket.ts); this is how a client scrolls back and catches up.
 */
export async function chatRoutes(app: FastifyInstance) {
  const { chat } = app.services;
  app.addHook('preValidation', app.authenticate);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/rooms/:id/messages',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        querystring: RoomMessagesQuerySchema,
        response: { 200: RoomMessagesPageSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => chat.history(request.user, request.params.id, request.query),
  );
}
