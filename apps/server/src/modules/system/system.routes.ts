import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';

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

  app.get('/config', async (): Promise<PublicConfig> => {
    const { config } = app.deps;
    return { iceServers: config.iceServers, contactEmail: config.contactEmail };
  });
}
