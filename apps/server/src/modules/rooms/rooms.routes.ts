import type { FastifyInstance } from 'fastify';
import {
  ChangeMemberRoleInputSchema,
  CreateRoomInputSchema,
  JoinRoomInputSchema,
  ListRoomsQuerySchema,
  UpdateRoomInputSchema,
  type MemberAvatarResponse,
  type RoomListResponse,
  type RoomResponse,
} from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';

/**
 * The rooms API of ARCHITECTURE.md under /api/rooms (registered in app.ts). Thin: every route
 * needs a signed-in user, parses with the shared schema, and leaves the rules to the service.
 */

type RoomParams = { Params: { id: string } };
type MemberParams = { Params: { id: string; userId: string } };

export async function roomsRoutes(app: FastifyInstance) {
  const { rooms } = app.services;
  app.addHook('preHandler', app.authenticate);

  app.get('/rooms', async (request): Promise<RoomListResponse> => {
    // A query string always parses to an object, so no "body must be an object" case here.
    const query = parseWith(ListRoomsQuerySchema, request.query ?? {});
    return rooms.list(request.user, query);
  });

  app.post('/rooms', async (request, reply) => {
    const input = parseWith(CreateRoomInputSchema, request.body);
    return reply.status(201).send({ room: await rooms.create(request.user, input) });
  });

  // Declared before /rooms/:idOrCode; Fastify prefers the static segment either way.
  app.post('/rooms/join', async (request): Promise<RoomResponse> => {
    const { code } = parseWith(JoinRoomInputSchema, request.body);
    return { room: await rooms.join(request.user, code) };
  });

  app.get<{ Params: { idOrCode: string } }>(
    '/rooms/:idOrCode',
    async (request): Promise<RoomResponse> => ({
      room: await rooms.get(request.user, request.params.idOrCode),
    }),
  );

  app.patch<RoomParams>('/rooms/:id', async (request): Promise<RoomResponse> => {
    const input = parseWith(UpdateRoomInputSchema, request.body);
    return { room: await rooms.update(request.user, request.params.id, input) };
  });

  app.delete<RoomParams>('/rooms/:id', async (request) => {
    await rooms.remove(request.user, request.params.id);
    return { ok: true };
  });

  app.post<RoomParams>('/rooms/:id/leave', async (request) => {
    await rooms.leave(request.user, request.params.id);
    return { ok: true };
  });

  app.get<RoomParams>('/rooms/:id/members', async (request) => ({
    members: await rooms.members(request.user, request.params.id),
  }));

  app.get<MemberParams>(
    '/rooms/:id/members/:userId/avatar',
    async (request): Promise<MemberAvatarResponse> => ({
      profilePic: await rooms.memberAvatar(request.user, request.params.id, request.params.userId),
    }),
  );

  app.patch<MemberParams>('/rooms/:id/members/:userId', async (request) => {
    const { role } = parseWith(ChangeMemberRoleInputSchema, request.body);
    return {
      member: await rooms.changeRole(request.user, request.params.id, request.params.userId, role),
    };
  });

  app.delete<MemberParams>('/rooms/:id/members/:userId', async (request) => {
    await rooms.removeMember(request.user, request.params.id, request.params.userId);
    return { ok: true };
  });
}
