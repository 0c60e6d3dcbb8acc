import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CALL_LIMIT,
  ERROR_REPLIES,
  HealthResponseSchema,
  PublicConfigSchema,
  type PublicConfig,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { BEARER } from '../../plugins/schemas.js';
import { bearer } from '../auth/auth.http.js';
import { turnCredentials } from './turn.js';

/** Health and public client configuration. */
export async function systemRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const health = { schema: { response: { 200: HealthResponseSchema, ...ERROR_REPLIES } } };
  api.get('/health', health, async () => {
    try {
      await app.deps.database.ping();
    } catch {
      throw new AppError('INTERNAL', 503, 'The database is not answering.');
    }
    return { status: 'ok' as const };
  });

  /**
   * Public settings for everyone; a signed-in caller (bearer token) also gets short-lived TURN
   * credentials of its own when TURN_URL and TURN_SECRET are set. A missing or stale token is not
   * an error here: the page still needs its settings.
   */
  const configRoute = {
    // The token is optional here: without one the public settings still come back.
    schema: { security: [{}, ...BEARER], response: { 200: PublicConfigSchema, ...ERROR_REPLIES } },
  };
  api.get('/config', configRoute, async (request, reply): Promise<PublicConfig> => {
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
    // Whether a call can grow past the mesh through Janus right now (decision 0051).
    const sfu = app.services.sfu.available();
    return {
      iceServers,
      contactEmail: config.contactEmail,
      calls: { sfu, meshMax: config.calls.meshMax, limit: sfu ? config.calls.limit : CALL_LIMIT },
    };
  });
}
