import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_REPLIES } from '@studycircle/shared';
import { FocusStatsResponseSchema } from '@studycircle/shared/focus';
import { BEARER } from '../../plugins/schemas.js';

/**
 * The signed-in student's focus figures for the dashboard (docs/decisions/0034-focus-sessions.md):
 * GET /api/me/focus-stats. Thin: call the service, reply.
 */
export async function focusRoutes(app: FastifyInstance) {
  const { focus } = app.services;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me/focus-stats',
    {
      preValidation: app.authenticate,
      schema: { security: BEARER, response: { 200: FocusStatsResponseSchema, ...ERROR_REPLIES } },
    },
    async (request) => ({ stats: await focus.stats(request.user.id) }),
  );
}
