import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { bearer } from '../auth/auth.routes.js';
import { turnCredentials } from './turn.js';

/** Health and public client configuration. */
export async function systemRoutes(app: FastifyInstance) {
  app.get('/health', async () => {
    try {
      await app.deps.database.ping();
    } catch {
      throw new AppError('INTERNAL', 503, 'The database is not answering.');
    }
    return { status: 'ok' };
  });

  /**
   * Public settings for everyone; a signed-in caller (bearer token) also gets short-lived TURN
   * credentials of its own when TURN_URL and TURN_SECRET are set. A missing or stale token is not
   * an error here: the page still needs its settings.
   */
  app.get('/config', async (request, reply): Promise<PublicConfig> => {
    const { config } = app.deps;
    const iceServers: PublicConfig['iceServers'] = [...config.iceServers];
    const token = bearer(request.headers.authorization);
    if (config.turn && token) {
      const user = await app.services.auth.authenticateToken(token).catch(() => undefined);
      if (user) {
        iceServers.push(turnCredentials(config.turn, user.id));
        // Personal and short-lived: no shared cache may keep or hand them to someone else.
        void reply.header('cache-control', 'private, no-store');
      }
    }
    return { iceServers, contactEmail: config.contactEmail };
  });
}
