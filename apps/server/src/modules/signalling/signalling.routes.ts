import type { FastifyInstance } from 'fastify';
import {
  RoomsPresenceQuerySchema,
  type RoomPresenceResponse,
  type RoomsPresenceResponse,
} from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';

/**
 * Live call presence over HTTP (registered under /api in app.ts), for room cards and the room
 * page: who is in a room's call right now, across every node. Members only.
 */
export async function signallingRoutes(app: FastifyInstance) {
  const { live } = app.services;
  app.addHook('preHandler', app.authenticate);

  // A static segment: Fastify matches it before /rooms/:idOrCode.
  app.get('/rooms/presence', async (request): Promise<RoomsPresenceResponse> => {
    const { ids } = parseWith(RoomsPresenceQuerySchema, request.query ?? {});
    return { presence: await live.presenceForMany(request.user, ids) };
  });

  app.get<{ Params: { id: string } }>(
    '/rooms/:id/presence',
    async (request): Promise<RoomPresenceResponse> => ({
      presence: await live.presenceFor(request.user, request.params.id),
    }),
  );
}
