import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes, bearer } from './auth.routes.js';

/**
 * Accounts: adds `app.authenticate` (a preHandler every signed-in route uses), `app.readSignedIn`
 * (for the busiest reads, which need only the user's id) and the /api/auth routes, all over the
 * auth service built in app.ts (the socket plugin authenticates handshakes with the same service).
 */
export const authModule = fp(
  async function authModule(app: FastifyInstance) {
    const { auth } = app.services;
    app.decorateRequest('user', undefined as never);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await auth.authenticateToken(bearer(request.headers.authorization));
    });
    // The token's signature is checked first, so the read only ever starts for the user id the
    // server itself signed; the device session is checked alongside it, one round trip to the
    // database instead of two in a row. The read's result leaves only once the session is
    // confirmed, and a session error wins over the read's own (401 before 400, as elsewhere).
    app.decorate(
      'readSignedIn',
      async <T>(request: FastifyRequest, read: (userId: string) => Promise<T>): Promise<T> => {
        const claims = await auth.verifySignature(bearer(request.headers.authorization));
        const [session, result] = await Promise.allSettled([
          auth.sessionUser(claims),
          Promise.resolve(claims.userId).then(read),
        ]);
        if (session.status === 'rejected') throw session.reason;
        request.user = session.value;
        if (result.status === 'rejected') throw result.reason;
        return result.value;
      },
    );
    await app.register(authRoutes, { prefix: '/api/auth', auth });
  },
  { name: 'auth', dependencies: ['errors'] },
);
