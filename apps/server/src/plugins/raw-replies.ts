import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@studycircle/shared';
import { errorBody } from './errors.js';
import { API_HEADERS } from './security.js';

/**
 * Replies the server makes before any route or hook runs, so helmet (an onRequest hook in the
 * security plugin) never sees them: Node's own refusals of requests it cannot parse (400, 431, and
 * 408 when a request takes too long), Fastify's refusals of URLs its router cannot read (400 for a
 * malformed escape, 414 for a too long path parameter), and Socket.IO's transport errors under
 * /socket.io/, which never reach Fastify. Each gets the security headers below and our usual
 * error body, and none repeats the request's path (a 414 would otherwise echo it back twice).
 * app.ts passes the first two to Fastify; the socket plugin installs the last.
 */

/**
 * The headers these replies carry: an API reply's (the security plugin's set for a body that is
 * only ever JSON).
 */
export const PRE_ROUTING_HEADERS = API_HEADERS;

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request URL is malformed.',
  FST_ERR_MAX_PARAM_LENGTH: 'The request URL is too long.',
};

/** Fastify's `frameworkErrors`: errors its router raises before a route is chosen. */
export function frameworkErrorReply(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message = FRAMEWORK_MESSAGES[error.code] ?? STATUS_CODES[error.statusCode ?? 400];
  void reply
    .headers(PRE_ROUTING_HEADERS)
    .status(error.statusCode ?? 400)
    .send(errorBody(ERROR_CODES.validation, message ?? 'Bad request'));
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request took too long to arrive. Please try again.',
  },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large.' },
};

/**
 * Fastify's `clientErrorHandler`, for Node's `clientError` event: a request Node could not parse,
 * or one that timed out. Written straight to the socket (there is no request object yet), then
 * the connection is closed, as Node's own handler does.
 */
export function clientErrorReply(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset connection, or one already closed, has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[err.code ?? ''] ?? {
    status: 400,
    message: 'The request could not be read.',
  };
  const body = JSON.stringify(
    errorBody(status === 408 ? ERROR_CODES.requestTimeout : ERROR_CODES.validation, message),
  );
  // A reply already under way on this connection cannot be replaced by another.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const headers = {
      ...PRE_ROUTING_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      Connection: 'close',
    };
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Socket.IO answers plain requests under its path itself (a missing or unknown transport is a
 * 400), from a listener it put in front of Fastify's. This listener goes in front of that one, so
 * its replies start with the headers above; the handshake's own headers are added to them.
 */
export function secureSocketIoReplies(server: Server, path: string): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith(path)) return;
    for (const [name, value] of Object.entries(PRE_ROUTING_HEADERS)) res.setHeader(name, value);
  });
}

/**
 * Refuses a websocket upgrade before it becomes one (a foreign page's origin, a node shutting
 * down): a plain HTTP reply with the headers above and our error body, then the socket closes.
 */
export function refuseUpgrade(socket: Duplex, status: number, code: string, message: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(errorBody(code, message));
  const headers = {
    ...PRE_ROUTING_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('') +
      `\r\n${body}`,
  );
}
