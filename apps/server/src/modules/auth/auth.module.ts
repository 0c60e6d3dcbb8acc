import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerModule } from '../../module.js';
import { bearer } from './auth.http.js';
import { authRoutes } from './auth.routes.js';

/**
 * Accounts: adds `app.authenticate` (the preValidation hook every signed-in route uses) and the /api/auth
 * routes, both over the auth service built in services.ts (the socket plugin authenticates
 * handshakes with the same service). First in the module list: every other module's routes use
 * `app.authenticate`.
 */
const authPlugin = fp(
  async function authModule(app: FastifyInstance) {
    const { auth } = app.services;
    app.decorateRequest('user', undefined as never);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.user = await auth.authenticateToken(bearer(request.headers.authorization));
    });
    await app.register(authRoutes, { prefix: '/api/auth', auth });
  },
  { name: 'auth', dependencies: ['errors'] },
);

export const authModule: ServerModule = { name: 'auth', plugin: authPlugin };
