import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes, bearer } from './auth.routes.js';
import { createAuthService } from './auth.service.js';

/**
 * Accounts: adds `app.authenticate` (a preHandler every signed-in route uses), `app.authService`
 * (the socket plugin authenticates handshakes with it), and the /api/auth routes.
 */
export const authModule = fp(
  async function authModule(app: FastifyInstance) {
    const auth = createAuthService(app.deps, app.log);
    app.decorate('authService', auth);
    app.decorateRequest('user', undefined as never);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await auth.authenticateToken(bearer(request.headers.authorization));
    });
    await app.register(authRoutes, { prefix: '/api/auth', auth });
  },
  { name: 'auth', dependencies: ['errors'] },
);
