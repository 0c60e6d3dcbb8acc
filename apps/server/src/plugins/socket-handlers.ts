import type { FastifyBaseLogger } from 'fastify';
import type { ClientToServerEvents } from '@studycircle/shared';
import type { IoServer, IoSocket } from '../types.js';
import { socketErrorOf } from './errors.js';
import type { EventLimits } from './socket-limits.js';

/**
 * What every module's socket handlers share (the chat module's and the call's), beside the
 * socket plugin that creates the server: the Socket.IO room names, and the one way a client event
 * is handled and answered. A handler is a thin transport like an HTTP route: it parses its
 * payload with the shared schema, calls a service where there is a rule to apply, and returns
 * what the acknowledgement carries.
 *
 * Handlers are registered once for the whole server (`sharedEventHandlers`), not once per
 * connection: an idle socket then carries one shared dispatcher and no closures of its own
 * (docs/decisions/0020-what-an-idle-socket-keeps.md). `eventHandlers(socket)`, called in an
 * `io.on('connection')` handler, still works, but every socket then keeps that module's closures.
 */

/**
 * The Socket.IO room names every module shares: every socket of a user, every socket of one device
 * session, and a room's chat channel (every member with the room open: the call's presence and the
 * workspace's changes are announced there too). Each room tool names its own channel in its
 * module (`<channel>:<roomId>`, module.ts).
 */
export const channel = {
  user: (userId: string) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  chat: (roomId: string) => `chat:${roomId}`,
};

type ClientEvent = keyof ClientToServerEvents;

interface HandlerDeps {
  log: FastifyBaseLogger;
  limits: EventLimits;
}

type SharedHandler = (socket: IoSocket, payload: unknown) => Promise<object | void>;
type OwnHandler = (payload: unknown) => Promise<object | void>;

/** One registered event: its handler (given the socket, or holding it) and what answering needs. */
interface Registered extends HandlerDeps {
  run: SharedHandler | OwnHandler;
  /** Registered for one socket by `eventHandlers`: the handler holds its socket itself. */
  own: boolean;
}

/** The handlers registered for the whole server, per Socket.IO server. */
const shared = new WeakMap<IoServer, Map<string, Registered>>();
/**
 * Handlers registered per connection (`eventHandlers`), only for sockets that have any, as one
 * flat list of event, handler, deps, event, handler, deps...: the smallest thing a socket can keep
 * for them.
 */
const own = new WeakMap<IoSocket, unknown[]>();

function ownHandler(socket: IoSocket, event: string): Registered | undefined {
  const list = own.get(socket);
  if (!list) return undefined;
  for (let i = 0; i < list.length; i += 3) {
    if (list[i] === event) {
      const { log, limits } = list[i + 2] as HandlerDeps;
      return { run: list[i + 1] as OwnHandler, log, limits, own: true };
    }
  }
  return undefined;
}

/**
 * Every socket's one listener for client events (Socket.IO calls it with the socket as `this`):
 * finds the handler, the socket's own first, and runs it. Events nobody handles are ignored, as
 * without a listener.
 */
function dispatch(this: IoSocket, event: string, payload?: unknown, ack?: unknown): void {
  const found = ownHandler(this, event) ?? shared.get(this.nsp.server)?.get(event);
  if (found) void answer(this, event as ClientEvent, found, payload, ack);
}

/**
 * Runs one event: first its rate limits (per socket, then per account: socket-limits.ts); the
 * payload then reaches the handler as `unknown` (the handler parses it); its result goes to the
 * ack as `{ok: true, ...result}`, and a failure (a refusal by the limits too) as `{ok: false,
 * code, message}`, mapped like the HTTP error handler maps it, or as a `server-error` event when
 * the client sent no callback. Nothing a client sends can crash the process.
 *
 * The per-account check may wait for Redis; its answers come back in the order the checks were
 * sent (one connection), so one socket's events still reach their handlers in arrival order.
 */
async function answer(
  socket: IoSocket,
  event: ClientEvent,
  { run, own, log, limits }: Registered,
  payload: unknown,
  ack: unknown,
): Promise<void> {
  const reply = typeof ack === 'function' ? (ack as (r: object) => void) : undefined;
  try {
    await limits.check(socket, event);
    const result = own
      ? await (run as OwnHandler)(payload)
      : await (run as SharedHandler)(socket, payload);
    reply?.({ ok: true, ...result });
  } catch (err) {
    const { code, message } = socketErrorOf(err, log, { event, socketId: socket.id });
    if (reply) reply({ ok: false, code, message });
    else socket.emit('server-error', { code, message, event });
  }
}

/** Adds the dispatcher to a socket once (it is the same function for every socket). */
function listen(socket: IoSocket): void {
  if (!socket.listenersAny().includes(dispatch)) socket.onAny(dispatch);
}

/**
 * Returns `handle(event, handler)` for the whole server: call it once, when the module is
 * registered, and each handler gets the socket the event came from. Per-socket state a handler
 * needs lives where it is needed (`socket.data`, or a map the module keeps only while the socket
 * uses it), so a socket that sends nothing costs nothing here.
 */
export function sharedEventHandlers(io: IoServer, { log, limits }: HandlerDeps) {
  let handlers = shared.get(io);
  if (!handlers) {
    shared.set(io, (handlers = new Map()));
    io.on('connection', listen);
  }
  const table = handlers;
  return function handle<E extends ClientEvent>(event: E, handler: SharedHandler): void {
    if (table.has(event)) throw new Error(`socket event ${event} is handled twice`);
    table.set(event, { run: handler, log, limits, own: false });
  };
}

/**
 * The per-connection form, for a module that registers its handlers in `io.on('connection')`:
 * returns `handle(event, handler)` for this socket, answered exactly like the shared form. Each
 * socket then keeps its handlers for its whole life: prefer `sharedEventHandlers`.
 */
export function eventHandlers(socket: IoSocket, deps: HandlerDeps) {
  listen(socket);
  return function handle<E extends ClientEvent>(event: E, handler: OwnHandler): void {
    const list = own.get(socket);
    if (list) list.push(event, handler, deps);
    else own.set(socket, [event, handler, deps]);
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

/**
 * `arrivalQueue` for every socket at once: `inOrder(socket, task)` runs one socket's tasks one
 * after another, in the order they were handed over. A socket holds a queue only while a task of
 * its own is waiting or running.
 */
export function arrivalQueues() {
  const tails = new WeakMap<IoSocket, Promise<unknown>>();
  return <T>(socket: IoSocket, task: () => Promise<T>): Promise<T> => {
    const run = (tails.get(socket) ?? Promise.resolve()).then(task, task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(socket, tail);
    void tail.then(() => {
      if (tails.get(socket) === tail) tails.delete(socket);
    });
    return run;
  };
}
