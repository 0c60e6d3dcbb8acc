import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ERROR_CODES,
  ERROR_REPLIES,
  FILE_NOTE_MAX_BYTES,
  SyncFileParamsSchema,
  SyncFileUploadResponseSchema,
  SyncPullQuerySchema,
  SyncPullResponseSchema,
  SyncPushInputSchema,
  SyncPushResponseSchema,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { BEARER } from '../../plugins/schemas.js';
import { sendStoredFile, STORED_FILE_REPLY } from '../storage/file-reply.js';
import { fileTooLarge } from '../storage/file-types.js';

/**
 * The sync API (registered under /api in app.ts; packages/shared sync.ts): `POST /sync/push`,
 * `GET /sync/pull`, and a file note's bytes with `PUT` and `GET /sync/files/:id`. Signed in
 * only; each student reaches their own records and files, nobody else's.
 */
export async function syncRoutes(app: FastifyInstance) {
  const { sync } = app.services;
  // Before the body is read: a stranger's upload is refused without buffering it.
  app.addHook('onRequest', app.authenticate);

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/sync/push',
    {
      schema: {
        security: BEARER,
        body: SyncPushInputSchema,
        response: { 200: SyncPushResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => sync.push(request.user, request.body),
  );

  api.get(
    '/sync/pull',
    {
      schema: {
        security: BEARER,
        querystring: SyncPullQuerySchema,
        response: { 200: SyncPullResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => sync.pull(request.user, request.query),
  );

  await app.register(syncFileRoutes);
}

/** The file routes, in a context of their own for the raw body parser and its error sentences. */
async function syncFileRoutes(app: FastifyInstance) {
  const { sync } = app.services;

  // The bytes as they are, at most the product's 256 KB (docs/product.md §10.2): a larger body
  // is cut off while it arrives rather than buffered and then refused.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: FILE_NOTE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // The parser's refusals in the words the notes page shows; the rest goes to the app's handler.
  app.setErrorHandler((err: FastifyError, _request, _reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw fileTooLarge();
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      throw new AppError(
        ERROR_CODES.unsupportedMediaType,
        415,
        'Send the file as application/octet-stream.',
      );
    }
    throw err;
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/sync/files/:id',
    {
      schema: {
        security: BEARER,
        params: SyncFileParamsSchema,
        // The body is the file's bytes, read by the parser above; nothing to check as JSON.
        description: 'The body is the file itself, as application/octet-stream (at most 256 KB).',
        response: { 201: SyncFileUploadResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const stored = await sync.uploadFile(request.user, request.params.id, body);
      return reply.status(201).send(stored);
    },
  );

  api.get(
    '/sync/files/:id',
    {
      schema: {
        security: BEARER,
        params: SyncFileParamsSchema,
        response: { 200: STORED_FILE_REPLY, ...ERROR_REPLIES },
      },
    },
    async (request, reply) => {
      const { file, fileName } = await sync.readFile(request.user, request.params.id);
      return sendStoredFile(reply, file, fileName);
    },
  );
}
