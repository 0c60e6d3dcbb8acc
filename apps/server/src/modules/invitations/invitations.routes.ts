import type { FastifyInstance } from 'fastify';
import {
  CreateInvitationInputSchema,
  type AcceptInvitationResponse,
  type CreateInvitationResponse,
  type Invitation,
  type MyInvitationsResponse,
} from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';
import { createInvitationsService } from './invitations.service.js';

/**
 * Invitations under /api (registered in app.ts): create (signed in, owner or admin of the room),
 * read (public: the invitation page loads before sign-in), accept (signed in); and the signed-in
 * user's own pending invitations, listed and accepted by id (the notifications bell).
 */
export async function invitationsRoutes(app: FastifyInstance) {
  const { db, mailer, rateLimiter, config } = app.deps;
  const invitations = createInvitationsService({
    db,
    mailer,
    rateLimiter,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const signedIn = { preHandler: app.authenticate };

  app.post<{ Params: { id: string } }>(
    '/rooms/:id/invitations',
    signedIn,
    async (request, reply) => {
      const input = parseWith(CreateInvitationInputSchema, request.body);
      const invitation = await invitations.create(request.user, request.params.id, input);
      const body: CreateInvitationResponse = { invitation };
      return reply.status(201).send(body);
    },
  );

  app.get('/invitations', signedIn, async (request): Promise<MyInvitationsResponse> => ({
    invitations: await invitations.listMine(request.user),
  }));

  app.post<{ Params: { id: string } }>(
    '/invitations/pending/:id/accept',
    signedIn,
    async (request): Promise<AcceptInvitationResponse> =>
      invitations.acceptMine(request.user, request.params.id),
  );

  app.get<{ Params: { token: string } }>(
    '/invitations/:token',
    async (request): Promise<Invitation> => invitations.get(request.params.token),
  );

  app.post<{ Params: { token: string } }>(
    '/invitations/:token/accept',
    signedIn,
    async (request): Promise<AcceptInvitationResponse> =>
      invitations.accept(request.user, request.params.token),
  );
}
