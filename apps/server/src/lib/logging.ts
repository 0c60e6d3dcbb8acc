import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the request log may say about a request. Password-reset, invitation and e-mail
 * verification links carry their secret in the path (`/reset-password/<token>`,
 * `/invite/<token>`, `/verify-email/<token>`, and the API calls behind them): anyone who can read
 * the log could otherwise take over the account or the seat, or verify an address they do not
 * own. The token is replaced before the line is written; everything else matches Fastify's own
 * serializer.
 */

const SECRET_IN_PATH = /(\/(?:reset-password|verify-email|invite|invitations)\/)[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_IN_PATH, '$1[redacted]');
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: String(request.headers['accept-version'] ?? '') || undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options: the given ones (or the level) with the redacting serializer. */
export function loggerOptions(
  logger: FastifyServerOptions['logger'],
  level: string,
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = logger === undefined || logger === true ? { level } : logger;
  return { ...base, serializers: { req: serializeRequest, ...base.serializers } };
}
