import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_REPLIES,
  RoomParamsSchema,
  RoomPresenceResponseSchema,
  RoomsPresenceQuerySchema,
  RoomsPresenceResponseSchema,
} from '@studycircle/shared';
import { BEARER } from '../../plugins/schemas.js';

/**
 * Live call presence over HTTP (registered under /api in app.ts), for room cards and the room
 * page: who is in a room's call right now, across every node. Members only.
 */
export async function signallingRoutes(app: FastifyInstance) {
  const { live } = app.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);

  // A static segment: Fastify matches it before /rooms/:idOrCode.
  api.get(
    '/rooms/presence',
    {
      schema: {
        security: BEARER,
        querystring: RoomsPresenceQuerySchema,
        response: { 200: RoomsPresenceResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      presence: await live.presenceForMany(request.user, request.query.ids),
    }),
  );

  api.get(
    '/rooms/:id/presence',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: RoomPresenceResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ presence: await live.presenceFor(request.user, request.params.id) }),
  );
}
