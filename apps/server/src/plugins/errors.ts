import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES, MESSAGES, type ErrorBody } from '@studycircle/shared';
import { AppError } from '../lib/app-error.js';

/**
 * The single error handler: every failure leaves as `{message, error, code}` with a fitting
 * status. Fastify's own errors (bad JSON, body too large, wrong content type) become clear 4xx;
 * anything unexpected is logged and answered with a 500 whose details stay on the server.
 */

export function errorBody(code: string, message: string): ErrorBody {
  return { message, error: message, code };
}

const FASTIFY_CODES: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ERROR_CODES.invalidJson, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ERROR_CODES.invalidJson,
    message: 'The request body must be a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ERROR_CODES.bodyTooLarge, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ERROR_CODES.unsupportedMediaType,
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ERROR_CODES.validation,
    message: 'The request body length does not match its Content-Length header.',
  },
};

/**
 * What may be logged of an unexpected error. Drizzle's query errors carry every bound parameter
 * (password hashes, token hashes) in their message, stack and `params`, and PostgreSQL's `detail`
 * may quote the failing row: keep the SQL text and the database's own message and code only.
 */
function loggable(err: Error): Error {
  const e = err as Error & { query?: unknown; params?: unknown };
  if (typeof e.query !== 'string' || !('params' in e)) return err;
  const cause = e.cause as { message?: string; code?: string; constraint?: string } | undefined;
  const safe = Object.assign(new Error(`Failed query: ${e.query}`), {
    dbMessage: cause?.message,
    dbCode: cause?.code,
    constraint: cause?.constraint,
  });
  safe.name = err.name;
  // The original frames, without the first lines that spell out the parameters.
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/**
 * The socket counterpart of the handler below: what a refused event tells the client. Known
 * errors keep their code and sentence; anything else is logged (without query parameters) and
 * answered with the generic sentence, never its raw text.
 */
export function socketErrorOf(
  err: unknown,
  log: FastifyBaseLogger,
  context: Record<string, unknown>,
): { code: string; message: string } {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  log.error({ err: err instanceof Error ? loggable(err) : err, ...context }, 'socket event failed');
  return { code: ERROR_CODES.internal, message: MESSAGES.serverError };
}

/**
 * How much of a refused body is read and thrown away before the 413 goes out, and for how long.
 * A client that writes its whole body before it reads (browsers, most HTTP clients) would
 * otherwise meet a closed connection mid-write and see a reset, not the message (RFC 9112
 * section 9.6 asks for this "lingering close"). Past the bound the connection is closed anyway:
 * nobody may make the server read without end.
 */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/** Reads and drops the rest of a request body: until its end, the bound, or the time limit. */
export function discardBody(raw: IncomingMessage): Promise<void> {
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const timer = setTimeout(done, DISCARD_MAX_MS);
    function onData(chunk: Buffer) {
      seen += chunk.length;
      if (seen > DISCARD_MAX_BYTES) done();
    }
    function done() {
      clearTimeout(timer);
      raw.off('data', onData).off('end', done).off('close', done).off('error', done);
      resolve();
    }
    raw.on('data', onData).on('end', done).on('close', done).on('error', done);
    raw.resume();
  });
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    // A body refused for its size is read to its end (within bounds) before the 413 is sent,
    // whichever route or parser refused it; then the connection closes, its job done.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode === 413 && !request.raw.complete) {
        await discardBody(request.raw);
        reply.header('Connection', 'close');
      }
      return payload;
    });

    app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
      if (err instanceof AppError) {
        if (err.retryAfterMs !== undefined) {
          // Whole seconds, never 0: "try again now" would invite a client to hammer the limit.
          reply.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
        }
        return reply.status(err.status).send(errorBody(err.code, err.message));
      }
      const fastifyError = err as FastifyError;
      const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
      if (known) {
        return reply
          .status(fastifyError.statusCode ?? 400)
          .send(errorBody(known.code, known.message));
      }
      // JSON.parse failures surface as SyntaxError with statusCode 400 in some Fastify paths.
      const status = fastifyError.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 429) {
          return reply
            .status(429)
            .send(errorBody(ERROR_CODES.rateLimited, MESSAGES.tooManyAttempts));
        }
        return reply
          .status(status)
          .send(errorBody(ERROR_CODES.validation, fastifyError.message || 'Bad request'));
      }
      request.log.error({ err: loggable(err) }, 'unhandled error');
      return reply.status(500).send(errorBody(ERROR_CODES.internal, MESSAGES.serverError));
    });
  },
  { name: 'errors' },
);
