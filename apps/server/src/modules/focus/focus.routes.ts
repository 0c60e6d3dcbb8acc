import type { FastifyInstance } from 'fastify';

/**
 * The signed-in student's focus figures for the dashboard (docs/decisions/0034-focus-sessions.md):
 * GET /api/me/focus-stats. Thin: call the service, reply.
 */
export async function focusRoutes(app: FastifyInstance) {
  const { focus } = app.services;
  app.get('/me/focus-stats', { preHandler: app.authenticate }, async (request) => ({
    stats: await focus.stats(request.user.id),
  }));
}
