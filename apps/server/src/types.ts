import type { Redis } from 'ioredis';
import type { Server as SocketServer, Socket } from 'socket.io';
import type {
  ClientToServerEvents,
  InterServerEvents,
  PeerState,
  ServerToClientEvents,
} from '@studycircle/shared';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { PasswordCost } from './modules/auth/password.js';
import type { AuthUser } from './modules/auth/auth.types.js';

/**
 * What each socket carries. Plain JSON on purpose: with the Redis adapter, `fetchSockets()` on
 * another node receives it serialised (who is in a call, with their last peer state).
 */
export interface SocketData {
  user: AuthUser;
  /** The room whose call this socket is in (one call per socket). */
  callRoomId?: string;
  /** The last peer state announced in that call. */
  state?: PeerState;
  /**
   * When this socket's hand went up in that call (server ms, unique in the call): its place in
   * the hand queue (docs/decisions/0063). Absent while the hand is down.
   */
  handAt?: number;
  /** Set when this node shuts down: its calls hear the socket dropped, not that it left. */
  closing?: boolean;
}

/** The Socket.IO server, typed with the shared real-time contract. */
export type IoServer = SocketServer<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type IoSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** What `buildApp` puts on the Fastify instance and request; modules read their needs from here. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  jwtSecret: Uint8Array;
  passwordCost: PasswordCost;
}

/** `services` is declared beside the services it lists, in services.ts. */
declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    io: IoServer;
    /** A preValidation hook: 401 unless the request carries a valid, current bearer token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`. */
    user: AuthUser;
  }
}
