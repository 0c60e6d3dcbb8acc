import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChangeMemberRoleInputSchema,
  CreateRoomInputSchema,
  ERROR_REPLIES,
  JoinRoomInputSchema,
  ListRoomsQuerySchema,
  MemberAvatarResponseSchema,
  OkResponseSchema,
  RoomKeyParamsSchema,
  RoomListResponseSchema,
  RoomMemberParamsSchema,
  RoomMemberResponseSchema,
  RoomMembersResponseSchema,
  RoomParamsSchema,
  RoomPreviewResponseSchema,
  JoinRequestsResponseSchema,
  RoomResponseSchema,
  UpdateRoomInputSchema,
} from '@studycircle/shared';
import { BEARER } from '../../plugins/schemas.js';

/**
 * The rooms API of ARCHITECTURE.md under /api/rooms (registered in app.ts). Thin and schema-first
 * (plugins/schemas.ts): every route needs a signed-in user, declares what it takes and answers
 * with the shared schemas, and leaves the rules to the service.
 */
export async function roomsRoutes(app: FastifyInstance) {
  const { rooms } = app.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Signed in first, so a stranger gets the 401 before any check of what they sent.
  app.addHook('preValidation', app.authenticate);

  api.get(
    '/rooms',
    {
      schema: {
        security: BEARER,
        querystring: ListRoomsQuerySchema,
        response: { 200: RoomListResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => rooms.list(request.user, request.query),
  );

  api.post(
    '/rooms',
    {
      schema: {
        security: BEARER,
        body: CreateRoomInputSchema,
        response: { 201: RoomResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ room: await rooms.create(request.user, request.body) }),
  );

  // Declared before /rooms/:idOrCode; Fastify prefers the static segment either way.
  api.post(
    '/rooms/join',
    {
      schema: {
        security: BEARER,
        body: JoinRoomInputSchema,
        response: { 200: RoomResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ room: await rooms.join(request.user, request.body.code) }),
  );

  api.get(
    '/rooms/:idOrCode',
    {
      schema: {
        security: BEARER,
        params: RoomKeyParamsSchema,
        response: { 200: RoomResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ room: await rooms.get(request.user, request.params.idOrCode) }),
  );

  api.get(
    '/rooms/:id/preview',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: RoomPreviewResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ room: await rooms.preview(request.user, request.params.id) }),
  );

  // Asking to join a private room (docs/decisions/0067-ask-to-join.md).
  api.post(
    '/rooms/:id/join-requests',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: OkResponseSchema, 201: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      const { created } = await rooms.requestToJoin(request.user, request.params.id);
      return reply.status(created ? 201 : 200).send({ ok: true as const });
    },
  );

  api.delete(
    '/rooms/:id/join-requests/mine',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await rooms.cancelJoinRequest(request.user, request.params.id);
      return { ok: true as const };
    },
  );

  api.get(
    '/rooms/:id/join-requests',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: JoinRequestsResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      requests: await rooms.joinRequests(request.user, request.params.id),
    }),
  );

  api.post(
    '/rooms/:id/join-requests/:userId/accept',
    {
      schema: {
        security: BEARER,
        params: RoomMemberParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await rooms.acceptJoinRequest(request.user, request.params.id, request.params.userId);
      return { ok: true as const };
    },
  );

  api.delete(
    '/rooms/:id/join-requests/:userId',
    {
      schema: {
        security: BEARER,
        params: RoomMemberParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await rooms.declineJoinRequest(request.user, request.params.id, request.params.userId);
      return { ok: true as const };
    },
  );

  api.patch(
    '/rooms/:id',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        body: UpdateRoomInputSchema,
        response: { 200: RoomResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      room: await rooms.update(request.user, request.params.id, request.body),
    }),
  );

  api.delete(
    '/rooms/:id',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await rooms.remove(request.user, request.params.id);
      return { ok: true as const };
    },
  );

  api.post(
    '/rooms/:id/leave',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await rooms.leave(request.user, request.params.id);
      return { ok: true as const };
    },
  );

  api.get(
    '/rooms/:id/members',
    {
      schema: {
        security: BEARER,
        params: RoomParamsSchema,
        response: { 200: RoomMembersResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ members: await rooms.members(request.user, request.params.id) }),
  );

  api.get(
    '/rooms/:id/members/:userId/avatar',
    {
      schema: {
        security: BEARER,
        params: RoomMemberParamsSchema,
        response: { 200: MemberAvatarResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      profilePic: await rooms.memberAvatar(request.user, request.params.id, request.params.userId),
    }),
  );

  api.patch(
    '/rooms/:id/members/:userId',
    {
      schema: {
        security: BEARER,
        params: RoomMemberParamsSchema,
        body: ChangeMemberRoleInputSchema,
        response: { 200: RoomMemberResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      member: await rooms.changeRole(
        request.user,
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
    }),
  );

  api.delete(
    '/rooms/:id/members/:userId',
    {
      schema: {
        security: BEARER,
        params: RoomMemberParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await rooms.removeMember(request.user, request.params.id, request.params.userId);
      return { ok: true as const };
    },
  );
}
