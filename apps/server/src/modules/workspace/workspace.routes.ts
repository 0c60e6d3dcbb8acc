import type { FastifyInstance } from 'fastify';
import {
  ShareWorkspaceItemInputSchema,
  type WorkspaceItemResponse,
  type WorkspaceListResponse,
} from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';
import { sendStoredFile } from '../storage/file-reply.js';

/**
 * The room workspace API under /api/rooms/:roomId/workspace (registered in app.ts): list, share,
 * unshare, and a shared file's bytes. Thin: every route needs a signed-in user, parses with the
 * shared schema, and leaves who-may-what to the workspace service. Files go out through the
 * storage module's one safe reply (Content-Type from the stored type, nosniff, no script).
 */

type RoomParams = { Params: { roomId: string } };
type ShareParams = { Params: { roomId: string; shareId: string } };

export async function workspaceRoutes(app: FastifyInstance) {
  const { workspace } = app.services;
  app.addHook('preHandler', app.authenticate);

  app.get<RoomParams>(
    '/rooms/:roomId/workspace',
    async (request): Promise<WorkspaceListResponse> => ({
      items: await workspace.list(request.user, request.params.roomId),
    }),
  );

  app.post<RoomParams>('/rooms/:roomId/workspace', async (request, reply) => {
    const input = parseWith(ShareWorkspaceItemInputSchema, request.body);
    const { item, created } = await workspace.share(request.user, request.params.roomId, input);
    const body: WorkspaceItemResponse = { item };
    // 201 for a new share; sharing the same record again answers the share it already has.
    return reply.status(created ? 201 : 200).send(body);
  });

  app.delete<ShareParams>('/rooms/:roomId/workspace/:shareId', async (request) => {
    await workspace.unshare(request.user, request.params.roomId, request.params.shareId);
    return { ok: true };
  });

  app.get<ShareParams>('/rooms/:roomId/workspace/:shareId/file', async (request, reply) => {
    const { file, fileName } = await workspace.file(
      request.user,
      request.params.roomId,
      request.params.shareId,
    );
    return sendStoredFile(reply, file, fileName);
  });
}
