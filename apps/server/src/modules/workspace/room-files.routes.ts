import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_REPLIES,
  OkResponseSchema,
  ROOM_FILE_MESSAGES,
  ROOM_FILE_TYPES,
  RoomFileListResponseSchema,
  RoomFileParamsSchema,
  RoomFileResponseSchema,
  UploadRoomFileQuerySchema,
  WorkspaceParamsSchema,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { BEARER } from '../../plugins/schemas.js';
import { discardBody } from '../../plugins/errors.js';
import { contentDisposition } from '../storage/file-reply.js';

/**
 * Room files under /api/rooms/:roomId/files (registered by workspace.routes.ts; decision 0074):
 * upload, list, download, remove. The upload's body is the file's raw bytes
 * (`application/octet-stream`, the name in `?name=`): one file a request, which a browser sends
 * straight from a File with upload progress, and which this plugin hands to the service as the
 * request stream itself, unread, so the service checks and stores it as it arrives.
 */

// A file is served as an attachment, never shown as a page of ours: no script, a sandbox, and
// no copy kept by a shared computer's cache.
const FILE_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; undefined for none or several ranges. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export async function roomFilesRoutes(app: FastifyInstance) {
  const { roomFiles } = app.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // In this plugin only: an octet-stream body is left unread for the route to stream.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  api.post(
    '/rooms/:roomId/files',
    {
      // Compressing a reply of a few hundred bytes buys nothing; the body is never decompressed.
      compress: false,
      schema: {
        security: BEARER,
        params: WorkspaceParamsSchema,
        querystring: UploadRoomFileQuerySchema,
        response: { 201: RoomFileResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      const length = request.headers['content-length'];
      try {
        const file = await roomFiles.upload(request.user, request.params.roomId, {
          fileName: request.query.name,
          declaredLength: length === undefined ? undefined : Number(length),
          body: request.raw,
        });
        return await reply.status(201).send({ file });
      } catch (err) {
        // A refusal for the size is drained by the errors plugin; any other one (a type, a quota
        // re-checked at the end, a member who left) is drained here, so the client reads the
        // message rather than a reset mid-write, then the connection closes.
        if (!(err instanceof AppError && err.status === 413) && !request.raw.complete) {
          await discardBody(request.raw);
          reply.header('Connection', 'close');
        }
        throw err;
      }
    },
  );

  api.get(
    '/rooms/:roomId/files',
    {
      schema: {
        security: BEARER,
        params: WorkspaceParamsSchema,
        response: { 200: RoomFileListResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({
      files: await roomFiles.list(request.user, request.params.roomId),
    }),
  );

  api.get(
    '/rooms/:roomId/files/:fileId',
    {
      // Files go out as they are: PDFs, images and Office files are compressed already, and a
      // Range must count the stored bytes.
      compress: false,
      schema: {
        security: BEARER,
        params: RoomFileParamsSchema,
        response: {
          200: {
            description: "The file's bytes, with the type decided from them when it was stored.",
            content: Object.fromEntries(
              ROOM_FILE_TYPES.map((type) => [
                type,
                { schema: z.string().meta({ format: 'binary' }) },
              ]),
            ),
          },
          ...ERROR_REPLIES,
        },
      },
    },
    async (request, reply) => {
      let unsatisfiable = false;
      const { file, part, stream } = await roomFiles.download(
        request.user,
        request.params.roomId,
        request.params.fileId,
        (size) => {
          const range = parseRange(request.headers.range, size);
          if (range === 'unsatisfiable') {
            unsatisfiable = true;
            return undefined;
          }
          return range;
        },
      );
      if (unsatisfiable) {
        stream.destroy();
        reply.header('Content-Range', `bytes */${file.size}`);
        throw new AppError('VALIDATION_FAILED', 416, ROOM_FILE_MESSAGES.rangeInvalid);
      }
      reply
        .header(
          'Content-Type',
          file.fileType === 'text/plain' ? 'text/plain; charset=utf-8' : file.fileType,
        )
        .header('Content-Disposition', contentDisposition('attachment', file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', FILE_CSP)
        .header('Cache-Control', 'private, no-store')
        .header('Accept-Ranges', 'bytes');
      if (part) {
        reply
          .status(206)
          .header('Content-Range', `bytes ${part.start}-${part.end}/${file.size}`)
          .header('Content-Length', String(part.end - part.start + 1));
      } else {
        reply.header('Content-Length', String(file.size));
      }
      // The declared 200 is binary; the typed reply knows only JSON bodies, as file-reply.ts's.
      return (reply as FastifyReply).send(stream);
    },
  );

  api.delete(
    '/rooms/:roomId/files/:fileId',
    {
      schema: {
        security: BEARER,
        params: RoomFileParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await roomFiles.remove(request.user, request.params.roomId, request.params.fileId);
      return { ok: true as const };
    },
  );
}
