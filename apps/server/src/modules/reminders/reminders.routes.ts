import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_REPLIES,
  ReminderMailSettingsInputSchema,
  ReminderMailSettingsResponseSchema,
} from '@studycircle/shared';
import { BEARER } from '../../plugins/schemas.js';

/**
 * The reminder mail's settings (docs/decisions/0025-daily-reminder-mail.md), the signed-in
 * student's own: GET and PUT /api/me/reminder-mail. Thin and schema-first: call the service, reply.
 */
export async function remindersRoutes(app: FastifyInstance) {
  const { reminders } = app.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Signed in first, so a stranger gets the 401 before any check of what they sent.
  const signedIn = { preValidation: app.authenticate };
  const response = { 200: ReminderMailSettingsResponseSchema, ...ERROR_REPLIES };

  api.get(
    '/me/reminder-mail',
    { ...signedIn, schema: { security: BEARER, response } },
    async (request) => ({
      settings: await reminders.getSettings(request.user.id),
    }),
  );

  api.put(
    '/me/reminder-mail',
    { ...signedIn, schema: { security: BEARER, body: ReminderMailSettingsInputSchema, response } },
    async (request) => ({ settings: await reminders.saveSettings(request.user, request.body) }),
  );
}
