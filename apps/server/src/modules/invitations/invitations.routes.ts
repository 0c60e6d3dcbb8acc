import type { FastifyInstance } from 'fastify';
import {
  CreateInvitationInputSchema,
  type AcceptInvitationResponse,
  type CreateInvitationResponse,
  type Invitation,
  type PendingInvitationResponse,
  type PendingInvitationsResponse,
  type MyInvitationsResponse,
} from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';

/**
 * Invitations under /api (registered in app.ts): create, list pending, resend and cancel (signed
 * in, owner or admin of the room), read (public: the invitation page loads before sign-in),
 * accept (signed in); and the signed-in user's own pending invitations, listed and accepted by id
 * (the notifications bell).
 */
export async function invitationsRoutes(app: FastifyInstance) {
  const { invitations } = app.services;
  const signedIn = { preHandler: app.authenticate };

  app.post<{ Params: { id: string } }>(
    '/rooms/:id/invitations',
    signedIn,
    async (request, reply) => {
      const input = parseWith(CreateInvitationInputSchema, request.body);
      const body: CreateInvitationResponse = await invitations.create(
        request.user,
        request.params.id,
        input,
      );
      return reply.status(201).send(body);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/rooms/:id/invitations',
    signedIn,
    async (request): Promise<PendingInvitationsResponse> => ({
      invitations: await invitations.listPending(request.user, request.params.id),
    }),
  );

  app.post<{ Params: { id: string; invitationId: string } }>(
    '/rooms/:id/invitations/:invitationId/resend',
    signedIn,
    async (request): Promise<PendingInvitationResponse> => ({
      invitation: await invitations.resend(
        request.user,
        request.params.id,
        request.params.invitationId,
      ),
    }),
  );

  app.delete<{ Params: { id: string; invitationId: string } }>(
    '/rooms/:id/invitations/:invitationId',
    signedIn,
    async (request, reply) => {
      await invitations.cancel(request.user, request.params.id, request.params.invitationId);
      return reply.status(204).send();
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
