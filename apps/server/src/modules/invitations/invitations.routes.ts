import type { FastifyInstance } from 'fastify';
import {
  CreateInvitationInputSchema,
  type AcceptInvitationResponse,
  type CreateInvitationResponse,
  type InvitationView,
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
  const { invitations, auth } = app.services;
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

  // Public (the page loads before sign-in), but a signed-in invitee's token is read when sent:
  // it tells the account that accepted the invitation from everyone else. A token that does not
  // authenticate is no error here, the visitor is simply anonymous.
  app.get<{ Params: { token: string } }>(
    '/invitations/:token',
    async (request): Promise<InvitationView> => {
      const bearerToken = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const viewer = bearerToken
        ? await auth.authenticateToken(bearerToken).catch(() => undefined)
        : undefined;
      return invitations.get(request.params.token, viewer?.id);
    },
  );

  app.post<{ Params: { token: string } }>(
    '/invitations/:token/accept',
    signedIn,
    async (request): Promise<AcceptInvitationResponse> =>
      invitations.accept(request.user, request.params.token),
  );
}
