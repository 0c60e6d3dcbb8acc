import type { FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import { ConfigError } from './config.js';

/**
 * What `npm start` shows a person in a terminal (docs/architecture.md): readable log lines when
 * stdout is a terminal (JSON otherwise, for log collectors, as Fastify recommends), and a start-up
 * failure as one plain sentence that says what to do, never a stack trace. Used only by server.ts.
 */

/**
 * Logger options for Fastify: pino-pretty in a terminal, JSON lines anywhere else. The pretty
 * stream runs in this thread and writes synchronously, so the last lines before an exit are kept
 * (a transport's worker thread could lose them).
 */
export function loggerOptions(level: string, isTty: boolean): FastifyServerOptions['logger'] {
  if (!isTty) return { level };
  return {
    level,
    stream: pretty({
      sync: true,
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
    }),
  };
}

interface SystemError extends Error {
  code?: string;
  port?: number;
  address?: string;
}

/** One line that tells the reader what went wrong and what to do about it. */
export function describeStartupError(err: unknown, where?: { port: number; host: string }): string {
  if (err instanceof ConfigError) {
    // config.ts lists every bad variable on its own indented line, each named; keep them all.
    const problems = err.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean);
    return `Cannot start: bad setting${problems.length === 1 ? '' : 's'}: ${problems.join('; ')}. Fix ${problems.length === 1 ? 'it' : 'them'} and start again.`;
  }
  const e = err as SystemError;
  const port = e?.port ?? where?.port;
  const host = e?.address ?? where?.host;
  switch (e?.code) {
    case 'EADDRINUSE':
      return `Cannot start: port ${port} is already in use. Stop the other process using it, or choose another port, e.g. PORT=${(port ?? 3000) + 1} npm start.`;
    case 'EACCES':
      return `Cannot start: not allowed to listen on port ${port}. Choose a port above 1023 with PORT, e.g. PORT=3000 npm start.`;
    case 'EADDRNOTAVAIL':
      return `Cannot start: ${host} is not an address of this machine. Set HOST to one of its addresses, or leave HOST unset to listen on all of them.`;
    case 'ENOTFOUND':
      return `Cannot start: the host name ${host} could not be resolved. Check HOST.`;
  }
  const message = e instanceof Error ? e.message : String(err);
  return `Cannot start: ${message.split('\n')[0]}`;
}
