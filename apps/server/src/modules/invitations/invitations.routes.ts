import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationResponseSchema,
  CreateInvitationInputSchema,
  CreateInvitationResponseSchema,
  ERROR_REPLIES,
  InvitationViewSchema,
  MyInvitationsResponseSchema,
  PendingInvitationParamsSchema,
  PendingInvitationResponseSchema,
  PendingInvitationsResponseSchema,
  RoomInvitationParamsSchema,
  RoomParamsSchema,
  TokenParamsSchema,
} from '@studycircle/shared';
import { BEARER } from '../../plugins/schemas.js';

/**
 * Invitations under /api (registered in app.ts): create, list pending, resend and cancel (signed
 * in, owner or admin of the room), read (public: the invitation page loads before sign-in),
 * accept (signed in); and the signed-in user's own pending invitations, listed and accepted by id
 * (the notifications bell). Schema-first (plugins/schemas.ts).
 */
export async function invitationsRoutes(app: FastifyInstance) {
  const { invitations, auth } = app.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Signed in first, so a stranger gets the 401 before any check of what they sent.
  const signedIn = { preValidation: app.authenticate };

  api.post(
    '/rooms/:id/invitations',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        body: CreateInvitationInputSchema,
        response: { 201: CreateInvitationResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await invitations.create(request.user, request.params.id, request.body)),
  );

  api.get(
    '/rooms/:id/invitations',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: PendingInvitationsResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      invitations: await invitations.listPending(request.user, request.params.id),
    }),
  );

  api.post(
    '/rooms/:id/invitations/:invitationId/resend',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        params: RoomInvitationParamsSchema,
        response: { 200: PendingInvitationResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      invitation: await invitations.resend(
        request.user,
        request.params.id,
        request.params.invitationId,
      ),
    }),
  );

  api.delete(
    '/rooms/:id/invitations/:invitationId',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        params: RoomInvitationParamsSchema,
        response: {
          204: z.undefined().meta({ description: 'Cancelled: no body.' }),
          ...ERROR_REPLIES,
        },
      },
    },
    async (request, reply) => {
      await invitations.cancel(request.user, request.params.id, request.params.invitationId);
      return reply.status(204).send();
    },
  );

  api.get(
    '/invitations',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        response: { 200: MyInvitationsResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ invitations: await invitations.listMine(request.user) }),
  );

  api.post(
    '/invitations/pending/:id/accept',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        params: PendingInvitationParamsSchema,
        response: { 200: AcceptInvitationResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => invitations.acceptMine(request.user, request.params.id),
  );

  // Public (the page loads before sign-in), but a signed-in invitee's token is read when sent:
  // it tells the account that accepted the invitation from everyone else. A token that does not
  // authenticate is no error here, the visitor is simply anonymous.
  api.get(
    '/invitations/:token',
    {
      schema: {
        security: [{}, ...BEARER],
        params: TokenParamsSchema,
        response: { 200: InvitationViewSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      const bearerToken = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const viewer = bearerToken
        ? await auth.authenticateToken(bearerToken).catch(() => undefined)
        : undefined;
      return invitations.get(request.params.token, viewer?.id);
    },
  );

  api.post(
    '/invitations/:token/accept',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        params: TokenParamsSchema,
        response: { 200: AcceptInvitationResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => invitations.accept(request.user, request.params.token),
  );
}
