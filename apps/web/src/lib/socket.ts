import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@studycircle/shared';
import { getAuthToken } from './auth-token';
import { announceSessionEnded, SESSION_ENDED_CODE } from './session-ended';

/**
 * The one real-time link (docs/product.md §9.1): the only module that imports socket.io-client.
 * Websocket only, the bearer token in the handshake's auth data (read afresh on every attempt,
 * so a new sign-in is picked up), one socket shared by every screen that needs it and closed
 * when the last one lets go.
 *
 * Reconnection: 10 attempts at 500 ms (docs/product.md §9.1), then, rather than giving up, attempts
 * every few seconds with jitter until the link is back (a server restart or a long outage must not
 * need a page reload). A server that ends the connection itself (a graceful restart) is dialled
 * again too; a refused token stops the loop (the handshake fails and the library stops).
 *
 * A session ended on another device (docs/product.md §3.8) is told first (`session-ended`), or
 * refused at the handshake with that code: the link is not dialled again, and the app is told
 * (lib/session-ended.ts) so it shows why and goes to sign-in.
 */

/** The socket, typed with the shared real-time contract (packages/shared/src/realtime.ts). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** docs/product.md §9.1: the live link reconnects 10 times at 500 ms. */
export const FAST_RECONNECT_ATTEMPTS = 10;
export const FAST_RECONNECT_DELAY_MS = 500;
/** After the fast attempts: up to 5 s apart, with jitter so a restarted server is not stampeded. */
export const SLOW_RECONNECT_DELAY_MAX_MS = 5000;

let shared: AppSocket | null = null;
let holders = 0;
/** The sockets whose session ended: never redialled, and their screens say why, not "Disconnected". */
const endedSockets = new WeakSet<AppSocket>();

/** Whether this socket's session was ended elsewhere (the call shows no link toasts then). */
export function sessionEndedOn(socket: AppSocket): boolean {
  return endedSockets.has(socket);
}

function fastBackoff(socket: AppSocket) {
  socket.io.reconnectionDelayMax(FAST_RECONNECT_DELAY_MS);
  socket.io.randomizationFactor(0);
}

function create(): AppSocket {
  const socket: AppSocket = io({
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    auth: (cb) => cb({ token: getAuthToken() ?? '' }),
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: FAST_RECONNECT_DELAY_MS,
    reconnectionDelayMax: FAST_RECONNECT_DELAY_MS,
    randomizationFactor: 0,
    autoConnect: false,
  });
  socket.io.on('reconnect_attempt', (attempt) => {
    if (attempt >= FAST_RECONNECT_ATTEMPTS) {
      socket.io.reconnectionDelayMax(SLOW_RECONNECT_DELAY_MAX_MS);
      socket.io.randomizationFactor(0.5);
    }
  });
  socket.io.on('reconnect', () => fastBackoff(socket));
  socket.on('connect', () => fastBackoff(socket));
  const sessionEnded = () => {
    if (endedSockets.has(socket)) return;
    endedSockets.add(socket);
    announceSessionEnded();
  };
  socket.on('session-ended', sessionEnded);
  socket.on('connect_error', (err) => {
    const code = (err as Error & { data?: { code?: unknown } }).data?.code;
    if (code === SESSION_ENDED_CODE) sessionEnded();
  });
  socket.on('disconnect', (reason) => {
    // The server closed the link itself (a graceful restart ends every socket): the library does
    // not redial in that case, so we do. A revoked token is then refused at the handshake.
    if (reason === 'io server disconnect' && shared === socket && !endedSockets.has(socket)) {
      setTimeout(() => {
        if (shared === socket && !socket.connected) socket.connect();
      }, FAST_RECONNECT_DELAY_MS);
    }
  });
  socket.connect();
  return socket;
}

/**
 * The shared socket, connecting it if nobody holds it yet. Call `release` when done (an effect's
 * cleanup); the last release disconnects it.
 */
export function acquireSocket(): { socket: AppSocket; release: () => void } {
  shared ??= create();
  holders += 1;
  const socket = shared;
  let released = false;
  return {
    socket,
    release: () => {
      if (released) return;
      released = true;
      holders -= 1;
      // Deferred a tick: moving from one live screen to another (or React's development
      // double mount) re-acquires before the link is dropped.
      setTimeout(() => {
        if (holders === 0 && shared === socket) {
          shared = null;
          socket.disconnect();
        }
      }, 0);
    },
  };
}
