import { ServerResponse, type IncomingMessage } from 'node:http';

/**
 * Lets go of a connection's HTTP upgrade request once the connection is established: nothing
 * reads it again (the origin check and the handshake are done; Socket.IO's handshake then holds
 * no headers), yet engine.io 6 keeps it, with its headers, for the connection's life, about 1.5
 * KB per socket (docs/decisions/0020-what-an-idle-socket-keeps.md). Three references hold it:
 *
 * - the engine socket's `request`, which Socket.IO's performance-tuning page says to drop;
 * - the response stand-in engine.io builds for its middlewares (`WebSocketResponse`), which
 *   forwards the TCP socket's `close` with a listener that holds it, and the request with it;
 * - engine.io's `onUpgradeError` listener on the websocket, left after the handshake (engine.io
 *   removes it when a polling connection upgrades, not when a connection starts as a websocket).
 *
 * The second and third are engine.io's private listeners, so each is removed only when it is
 * found exactly as engine.io 6.6 leaves it; otherwise it stays, and the socket costs what it did.
 * plugins/socket-idle.test.ts checks that the request is collected.
 *
 * The TCP socket also keeps the HTTP server's connection timer after `ws` cleared it (Node's
 * `setTimeout(0)` stops a socket's timer but keeps the object, about 190 bytes): it is let go too,
 * the way Node's own net.Socket starts, with no timer at all.
 */

type Listener = (...args: unknown[]) => void;

interface Emitter {
  rawListeners(event: string): Listener[];
  listeners(event: string): Listener[];
  removeListener(event: string, listener: Listener): unknown;
}

/** The parts of engine.io's server and socket this reads (engine.io's types are internal). */
interface Engine {
  use(
    middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
  ): void;
}
export interface UpgradedSocket {
  request: IncomingMessage | null;
  transport: { socket?: unknown };
}

/**
 * Registers an engine middleware that notes each upgrade's `close` forwarder, and returns
 * `release(engineSocket)`, to call when the engine socket is established.
 */
export function releaseUpgradeRequests(engine: Engine) {
  /** Each upgrade request's `close` forwarder, until its connection is established. */
  const forwarders = new WeakMap<IncomingMessage, Listener>();

  // A middleware runs right after engine.io made the response stand-in for an upgrade (a real
  // ServerResponse is a plain HTTP request), whose constructor added the one `close` listener an
  // upgraded TCP socket has (Node removed its own on upgrade).
  engine.use((req, res, next) => {
    const close = (req.socket as unknown as Emitter).rawListeners('close');
    if (!(res instanceof ServerResponse) && close.length === 1) forwarders.set(req, close[0]!);
    next();
  });

  return (conn: UpgradedSocket) => {
    const req = conn.request;
    conn.request = null;
    if (!req) return;
    const forward = forwarders.get(req);
    if (forward) (req.socket as unknown as Emitter).removeListener('close', forward);
    dropClearedTimer(req.socket);
    const ws = conn.transport.socket as Emitter | undefined;
    const leftover = ws?.listeners('error').find((l) => l.name === 'onUpgradeError');
    if (leftover) ws!.removeListener('error', leftover);
  };
}

/**
 * Node keeps a socket's timer under a private symbol (`kTimeout`, null in a new socket); once the
 * socket's timeout is 0 and that timer is stopped, nothing reads it but to stop it again, which
 * null allows too.
 */
function dropClearedTimer(socket: object): void {
  if ((socket as { timeout?: number }).timeout !== 0) return;
  const key = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'timeout');
  if (!key) return;
  const holder = socket as Record<symbol, { _destroyed?: boolean } | null>;
  if (holder[key]?._destroyed === true) holder[key] = null;
}
