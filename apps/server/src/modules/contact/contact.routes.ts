import type { FastifyInstance } from 'fastify';
import { ContactInputSchema, type ContactResponse } from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';

/** `POST /api/contact`: the community page's contact form (registered under /api in app.ts). */
export async function contactRoutes(app: FastifyInstance) {
  const service = app.services.contact;

  app.post('/contact', async (request, reply): Promise<ContactResponse> => {
    const input = parseWith(ContactInputSchema, request.body);
    await service.submit(input, request.ip);
    reply.status(201);
    return { ok: true };
  });
}
