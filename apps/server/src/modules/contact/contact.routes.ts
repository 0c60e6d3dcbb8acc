import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactInputSchema, ContactResponseSchema, ERROR_REPLIES } from '@studycircle/shared';

/** `POST /api/contact`: the community page's contact form (registered under /api in app.ts). */
export async function contactRoutes(app: FastifyInstance) {
  const service = app.services.contact;

  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact',
    {
      schema: {
        body: ContactInputSchema,
        response: { 201: ContactResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      await service.submit(request.body, request.ip);
      return reply.status(201).send({ ok: true });
    },
  );
}
