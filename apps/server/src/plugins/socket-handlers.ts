import type { FastifyBaseLogger } from 'fastify';
import type { ClientToServerEvents } from '@studycircle/shared';
import type { IoSocket } from '../types.js';
import { socketErrorOf } from './errors.js';
import type { EventLimits } from './socket-limits.js';

/**
 * What every module's socket handlers share (the chat module's and the call's), beside the
 * socket plugin that creates the server: the Socket.IO room names, and the one way a client event
 * is handled and answered. A handler is a thin transport like an HTTP route: it parses its
 * payload with the shared schema, calls a service where there is a rule to apply, and returns
 * what the acknowledgement carries.
 */

/**
 * Socket.IO room names: every socket of a user, every socket of one device session, a room's chat
 * channel, a room's call.
 */
export const channel = {
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  chat: (roomId: string) => `chat:${roomId}`,
  call: (roomId: string) => `call:${roomId}`,
};

/**
 * Returns `handle(event, handler)` for one socket. Every event first passes its rate limits (per
 * socket, then per account: socket-limits.ts); the payload then reaches the handler as `unknown`
 * (the handler parses it); its result goes to the ack as `{ok: true, ...result}`, and a failure
 * (a refusal by the limits too) as `{ok: false, code, message}`, mapped like the HTTP error
 * handler maps it, or as a `server-error` event when the client sent no callback. Nothing a
 * client sends can crash the process.
 *
 * The per-account check may wait for Redis; its answers come back in the order the checks were
 * sent (one connection), so one socket's events still reach their handlers in arrival order.
 */
export function eventHandlers(
  socket: IoSocket,
  { log, limits }: { log: FastifyBaseLogger; limits: EventLimits },
) {
  const pass = limits.forSocket(socket);
  return function handle<E extends keyof ClientToServerEvents>(
    event: E,
    handler: (payload: unknown) => Promise<object | void>,
  ) {
    const listener = async (payload: unknown, ack?: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (r: object) => void) : undefined;
      try {
        await pass(event);
        const result = await handler(payload);
        reply?.({ ok: true, ...result });
      } catch (err) {
        const { code, message } = socketErrorOf(err, log, { event, socketId: socket.id });
        if (reply) reply({ ok: false, code, message });
        else socket.emit('server-error', { code, message, event });
      }
    };
    socket.on(event, listener as never);
  };
}

/**
 * Runs the tasks handed to it one after another, in the order they were handed over: one
 * socket's chat messages are stored, and its relays leave, in the order they arrived.
 */
export function arrivalQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
