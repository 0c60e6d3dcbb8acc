import type { FastifyInstance } from 'fastify';
import { ReminderMailSettingsInputSchema } from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';

/**
 * The reminder mail's settings (docs/decisions/0025-daily-reminder-mail.md), the signed-in
 * student's own: GET and PUT /api/me/reminder-mail. Thin: parse, call the service, reply.
 */
export async function remindersRoutes(app: FastifyInstance) {
  const { reminders } = app.services;
  const signedIn = { preHandler: app.authenticate };

  app.get('/me/reminder-mail', signedIn, async (request) => ({
    settings: await reminders.getSettings(request.user.id),
  }));

  app.put('/me/reminder-mail', signedIn, async (request) => {
    const input = parseWith(ReminderMailSettingsInputSchema, request.body);
    return { settings: await reminders.saveSettings(request.user, input) };
  });
}
