import type { FastifyError, FastifyInstance } from 'fastify';
import {
  ERROR_CODES,
  FILE_NOTE_MAX_BYTES,
  SyncFileParamsSchema,
  SyncPullQuerySchema,
  SyncPushInputSchema,
  type SyncPullResponse,
  type SyncPushResponse,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { parseWith } from '../../lib/validate.js';
import { sendStoredFile } from '../storage/file-reply.js';
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

  app.post('/sync/push', async (request): Promise<SyncPushResponse> => {
    return sync.push(request.user, parseWith(SyncPushInputSchema, request.body));
  });

  app.get('/sync/pull', async (request): Promise<SyncPullResponse> => {
    return sync.pull(request.user, parseWith(SyncPullQuerySchema, request.query ?? {}));
  });

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

  app.put('/sync/files/:id', async (request, reply) => {
    const { id } = parseWith(SyncFileParamsSchema, request.params);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const stored = await sync.uploadFile(request.user, id, body);
    reply.status(201);
    return stored;
  });

  app.get('/sync/files/:id', async (request, reply) => {
    const { id } = parseWith(SyncFileParamsSchema, request.params);
    const { file, fileName } = await sync.readFile(request.user, id);
    return sendStoredFile(reply, file, fileName);
  });
}
