import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_REPLIES,
  OkResponseSchema,
  ShareWorkspaceItemInputSchema,
  WorkspaceItemResponseSchema,
  WorkspaceListResponseSchema,
  WorkspaceParamsSchema,
  WorkspaceShareParamsSchema,
} from '@studycircle/shared';
import { BEARER } from '../../plugins/schemas.js';
import { sendStoredFile, STORED_FILE_REPLY } from '../storage/file-reply.js';
import { roomFilesRoutes } from './room-files.routes.js';

/**
 * The room workspace API under /api/rooms/:roomId/workspace (registered in app.ts): list, share,
 * unshare, and a shared file's bytes. Thin and schema-first: every route needs a signed-in user,
 * declares what it takes and answers, and leaves who-may-what to the workspace service. Files go
 * out through the storage module's one safe reply (Content-Type from the stored type, nosniff, no
 * script).
 */
export async function workspaceRoutes(app: FastifyInstance) {
  const { workspace } = app.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('preValidation', app.authenticate);
  // Room files (decision 0074), in a plugin of their own for their streamed body's parser.
  await app.register(roomFilesRoutes);

  api.get(
    '/rooms/:roomId/workspace',
    {
      schema: {
        security: BEARER,
        params: WorkspaceParamsSchema,
        response: { 200: WorkspaceListResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ items: await workspace.list(request.user, request.params.roomId) }),
  );

  api.post(
    '/rooms/:roomId/workspace',
    {
      schema: {
        security: BEARER,
        params: WorkspaceParamsSchema,
        body: ShareWorkspaceItemInputSchema,
        response: {
          200: WorkspaceItemResponseSchema.meta({ description: 'Already shared: that share.' }),
          201: WorkspaceItemResponseSchema,
          ...ERROR_REPLIES,
        },
      },
    },
    async (request, reply) => {
      const { item, created } = await workspace.share(
        request.user,
        request.params.roomId,
        request.body,
      );
      // 201 for a new share; sharing the same record again answers the share it already has.
      return reply.status(created ? 201 : 200).send({ item });
    },
  );

  api.delete(
    '/rooms/:roomId/workspace/:shareId',
    {
      schema: {
        security: BEARER,
        params: WorkspaceShareParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await workspace.unshare(request.user, request.params.roomId, request.params.shareId);
      return { ok: true as const };
    },
  );

  api.get(
    '/rooms/:roomId/workspace/:shareId/file',
    {
      schema: {
        security: BEARER,
        params: WorkspaceShareParamsSchema,
        response: { 200: STORED_FILE_REPLY, ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await workspace.file(
        request.user,
        request.params.roomId,
        request.params.shareId,
      );
      return sendStoredFile(reply, file, fileName);
    },
  );
}
